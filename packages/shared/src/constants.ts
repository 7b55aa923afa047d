/**
 * Every fixed number and text the product spec names (§2 layout, §4 states, §8 errors, §9 limits).
 * Durations are milliseconds; sizes are CSS pixels.
 */

// Cookies (spec §9).
export const COOKIE_TOKEN = 'Admin-Token';
/** Stores the sidebar open state as '1' / '0'. */
export const COOKIE_SIDEBAR_STATUS = 'sidebarStatus';
export const COOKIE_SIZE = 'size';

// Timing (spec §4, §8, §9).
export const TOAST_DURATION = 3000;
export const TIP_THROTTLE = 3000;
export const REQUEST_TIMEOUT = 30000;
/** The realtime channel sends 'heartbeat' this often and closes when 'heartbeatBack' is this late. */
export const HEARTBEAT_INTERVAL = 28000;
export const RECONNECT_DELAY = 5000;

// Realtime channel texts (spec §4).
export const WS_HEARTBEAT = 'heartbeat';
export const WS_HEARTBEAT_BACK = 'heartbeatBack';
/** Server push: reload the reminder list. */
export const WS_SHOW = 'show';
/** Server push: play the alert sound and show the repair-timeout notification. */
export const WS_VOICE = 'voice';
export const MSG_REPAIR_TIMEOUT_VOICE = '有一条报修超时未接单，请及时处理';

// Layout (spec §2, §9).
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 210;
export const FEEDBACK_DIALOG_WIDTH = 760;
export const REMINDER_PAGE_SIZE = 200;
/** Above this the unread badge reads '99+'. */
export const BADGE_CAP = 99;
export const THEME_COLOR = '#18ceb4';
export const DEFAULT_SITE_TITLE = '邻里智慧物业';
/** The sidebar title is the product name followed by this. */
export const SIDEBAR_TITLE_SUFFIX = '智慧物业';
export const PAGE_TITLE_SEPARATOR = ' - ';
export const DEFAULT_DEVICE = 'desktop';
export const DEFAULT_SIZE = 'medium';
export const MONEY_DECIMALS = 2;

export type UiSize = 'medium' | 'default' | 'small' | 'mini';
export const SIZE_OPTIONS: readonly { value: UiSize; label: string }[] = [
  { value: 'medium', label: '默认' },
  { value: 'default', label: '普通' },
  { value: 'small', label: '小号' },
  { value: 'mini', label: '迷你' },
];
export const MSG_SIZE_SWITCHED = '切换尺寸成功';

// Navigation (spec §2, §4).
export const REDIRECT_QUERY = 'redirect';
/** A tab is refreshed by opening '/redirect' + its full path. */
export const REDIRECT_PREFIX = '/redirect';
export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const NEWS_PATH = '/news/index';
/** The change-roles action sets the token to the role name plus this. */
export const ROLE_TOKEN_SUFFIX = '-token';
export const TAB_NO_NAME = 'no-name';

// Shell texts (spec §2).
export const SHELL_TEXT = {
  breadcrumbRoot: '首页',
  tabRefresh: '刷新',
  tabClose: '关闭',
  tabCloseOthers: '关闭其他',
  tabCloseAll: '关闭所有',
  personalCenter: '个人中心',
  appDownload: 'APP下载',
  staffApp: '物业版APP',
  ownerApp: '业主版APP',
  scanToDownload: '手机扫码下载',
  manual: '操作手册',
  feedback: '意见反馈',
  logout: '安全退出',
  seeMore: '查看更多',
} as const;

// Errors (spec §8); the login-expired dialog texts are given in English by the spec and kept as given.
export const LOGIN_EXPIRED_DIALOG = {
  title: 'login expired',
  text: 'login has expired, you may stay on this page or log in again',
  confirm: 're-login',
  cancel: 'cancel',
} as const;
export const MSG_DEFAULT_ERROR = 'Error';
export const MSG_USER_INFO_EMPTY = '获取数据失败，请从新登录';
export const MSG_ROLES_REQUIRED = 'getInfo: roles must be a non-null array!';
export const MSG_ROUTE_SETUP_ERROR = 'Has Error';

// Validation tips (spec §5).
export const MSG_MOBILE_INVALID = '请填写正确的手机号！';
export const MSG_MOBILE_TOO_SHORT = '手机号格式不正确，请重新输入';
export const MSG_MOBILE_TOO_LONG = '手机号码不能超过11位哦';
export const MSG_EMAIL_INVALID = '请输入正确的邮箱';
export const MSG_CERTNMB_INVALID = '请输入正确的身份证号';
export const MSG_FORMAT_INVALID = '格式不正确';
export const MSG_REQUIRED = '此项为必填项';
export const MSG_PASSWORD_RULE = '密码需为8-20位，且包含字母和数字';
export const MSG_PASSWORD_MISMATCH = '两次输入的密码不一致';

// Feedback dialog (spec §5, §8, §9).
export const FEEDBACK_MAX = 300;
export const FEEDBACK_MAX_IMAGES = 5;
/** Images must be under 5 MB. */
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'png', 'bmp'];
export const MSG_FEEDBACK_REQUIRED = '请输入反馈内容';
export const MSG_FEEDBACK_TOO_LONG = `反馈内容不能超过${FEEDBACK_MAX}个字符`;
export const MSG_FEEDBACK_IMAGE_TYPE = '上传的图片格式不对，要求为jpg,png,bmp格式!';
export const MSG_FEEDBACK_IMAGE_SIZE = '上传的图片大小不能超过 5MB!';
export const MSG_FEEDBACK_IMAGE_COUNT = '最多上传5张';
export const MSG_UPLOAD_FAILED = '上传图片失败!';
export const MSG_SUBMIT_OK = '提交成功';
/** Field value the upload call expects for feedback and avatar images. */
export const UPLOAD_TP = '2';
