import { finalise, group, hiddenScreen, screen } from './build';
import { chargerecChildren, syntheticalAndChartRoutes } from './fee-report-routes';
import type { RouteNode } from './types';

/**
 * The one declaration of every route (spec §2). Router, sidebar, breadcrumb, tab strip and page titles derive from
 * it. Rules: a node with `redirect` is a group (no page of its own); every other node is a screen. Child paths are
 * relative unless they start with '/'. Screen keys follow domain/README.md; hidden create/edit routes take their
 * list's key. `built` marks the screens implemented so far; the others render the 建设中 page.
 */

/** Reachable without a token; hidden from the menu. */
export const publicRoutes: RouteNode[] = finalise([
  { path: '/redirect/:path(.*)', hidden: true, built: true },
  { path: '/login', title: '登录', hidden: true, built: true },
  { path: '/auth-redirect', hidden: true, built: true },
  { path: '/404', title: '404', hidden: true, built: true },
  { path: '/401', title: '401', hidden: true, built: true },
]);

const groups: RouteNode[] = [
  group('/CmpManage', '企业管理', 'BankOutlined', 'qygl', [
    screen('cmpinfo', '企业资料', 'qygl_qyzl', { built: true }),
    screen('DptList', '组织架构', 'qygl_zzjg', { built: true }),
  ]),
  group('/housemanage', '房产管理', 'HomeOutlined', 'fcgl', [
    screen('communitylist', '小区管理', 'fcgl_xqgl', { built: true }),
    hiddenScreen('communityaddedit', '编辑小区', 'fcgl_xqgl', { built: true }),
    screen('buildinglist', '楼宇管理', 'fcgl_lygl', { built: true }),
    hiddenScreen('buildingaddedit', '编辑楼宇', 'fcgl_lygl', { built: true }),
    screen('houselist', '房间管理', 'fcgl_fjgl', { built: true }),
    hiddenScreen('/housemanage/house/houseaddedit', '编辑房间', 'fcgl_fjgl', { built: true }),
    screen('reservationlist', '交房预约', 'fcgl_jfyy', { built: true }),
  ]),
  group('/household', '住户管理', 'TeamOutlined', 'zhgl', [
    screen('list', '住户管理', 'zhgl_zhgl', { built: true }),
    screen('facedata', '人脸库', 'zhgl_rlk', { built: true }),
  ]),
  group('/car', '车辆管理', 'CarOutlined', 'cwcl', [
    screen('parking', '车场管理', 'cwcl_ccgl', { built: true }),
    screen('place', '车位管理', 'cwcl_cwgl', { built: true }),
    hiddenScreen('place/create', '新增车位', 'cwcl_cwgl', { built: true }),
    hiddenScreen('place/edit/:id', '编辑车位', 'cwcl_cwgl', { built: true }),
    screen('vehicle', '车辆管理', 'cwcl_clgl', { built: true }),
    hiddenScreen('vehicle/create', '新增车辆', 'cwcl_clgl', { built: true }),
    hiddenScreen('vehicle/addEdit', '编辑车辆', 'cwcl_clgl', { built: true }),
  ]),
  group('/chargemanage', '收费管理', 'AccountBookOutlined', 'sfgl', [
    screen('paycost', '收费台', 'sfgl_jft', { built: true }),
    screen('meterReading', '抄表', 'sfgl_cb', { built: true }),
    hiddenScreen('addMeterReading', '抄表录入', 'sfgl_cb', { built: true }),
    screen('deposit', '预存款', 'sfgl_yckgl', { built: true }),
    screen('electric', '电表充值', 'sfgl_dbcz', { built: true }),
    screen('nopay', '欠费催缴', 'sfgl_yjfwjf', { built: true }),
    screen('payrec', '收款记录', 'sfgl_zsdc', { built: true }),
    screen('itemlist', '收费项目', 'sfgl_sfxm', { built: true }),
    // A screen (the report hub) whose children are report pages: it has no redirect.
    screen('chargerec', '收费报表', 'sfgl_sfbb', { built: true, children: chargerecChildren }),
    ...syntheticalAndChartRoutes,
    hiddenScreen('moyitem/itemaddedit', '编辑收费项目', 'sfgl_sfxm', { built: true }),
    hiddenScreen('moyitem/standardaddedit', '编辑收费标准', 'sfgl_sfxm', { built: true }),
  ]),
  group('/personnel', '员工管理', 'IdcardOutlined', 'yggl', [
    screen('author', '岗位权限', 'yggl_gwqx', { built: true }),
    screen('management', '员工管理', 'yggl_yggl', { built: true }),
    screen('archives', '员工档案', 'yggl_ygda', { built: true }),
    hiddenScreen('createArchives', '新增档案', 'yggl_ygda', { built: true }),
    hiddenScreen('editArchives/:id', '编辑档案', 'yggl_ygda', { built: true }),
  ]),
  group('/cardmanage', '通行管理', 'SafetyOutlined', 'txgl', [
    screen('cardList', '卡片管理', 'txgl_kpgl', { built: true }),
    screen('cardusereclist', '刷卡记录', 'txgl_skjl', { built: true }),
    screen('roadwaylist', '车道管理', 'txgl_cdgl', { built: true }),
    hiddenScreen('/cardmanage/roadway/roadwayaddedit', '编辑车道', 'txgl_cdgl', { built: true }),
    screen('carreclist', '车行记录', 'txgl_cxjl', { built: true }),
  ]),
  group('/propertyServices', '物业服务', 'CustomerServiceOutlined', 'wyfw', [
    screen('notice', '物业公告', 'wyfw_wygg'),
    hiddenScreen('createNotice', '新增公告', 'wyfw_wygg'),
    hiddenScreen('editNotice/:id', '编辑公告', 'wyfw_wygg'),
    screen('repair', '报修处理', 'wyfw_bxcl'),
    hiddenScreen('createRepair', '新增报修', 'wyfw_bxcl'),
    hiddenScreen('repairInfo/:id', '报修详情', 'wyfw_bxcl'),
    screen('complaint', '投诉建议', 'wyfw_tsjy'),
    hiddenScreen('createComplaint', '新增投诉建议', 'wyfw_tsjy'),
    hiddenScreen('complaintInfo/:id', '投诉详情', 'wyfw_tsjy'),
    screen('guideInfo', '办事指南', 'wyfw_guide'),
    hiddenScreen('createGuide', '新增指南', 'wyfw_guide'),
    hiddenScreen('editGuide', '编辑指南', 'wyfw_guide'),
  ]),
  group('/lifeService', '生活服务', 'CoffeeOutlined', 'shfw', [
    screen('activities', '小区活动', 'shfw_xqhd'),
    screen('signUp', '报名列表', 'shfw_bmlb'),
    hiddenScreen('createActivities', '新增活动', 'shfw_xqhd'),
    hiddenScreen('activitiesEdit/:id', '编辑活动', 'shfw_xqhd'),
  ]),
  group('/nightpatrol', '夜间巡更', 'FlagOutlined', 'xggl', [
    screen('sitelist', '巡更地点', 'xggl_ddgl'),
    screen('planlist', '路线设置', 'xggl_lxsz'),
    hiddenScreen('editplan', '编辑路线', 'xggl_lxsz'),
    screen('tasklist', '巡更明细', 'xggl_xgmx'),
  ]),
  group('/equipment', '设备管理', 'ToolOutlined', 'web_sbgl', [
    screen('typelist', '设备分类', 'web_sbgl_sbfl'),
    screen('standardlist', '标准管理', 'web_sbgl_bzgl'),
    hiddenScreen('editstandard', '编辑标准', 'web_sbgl_bzgl'),
    screen('infolist', '设备档案', 'web_sbgl_sbda'),
    hiddenScreen('infolist/edit', '编辑设备', 'web_sbgl_sbda'),
    screen('roomlist', '机房管理', 'web_sbgl_jfgl'),
    hiddenScreen('room/addedit', '编辑机房', 'web_sbgl_jfgl'),
    screen('plan/checklist', '巡检设置', 'web_sbgl_xjsz'),
    hiddenScreen('plan/checklist/edit', '编辑巡检计划', 'web_sbgl_xjsz'),
    screen('plan/repairlist', '维保设置', 'web_sbgl_wbsz'),
    hiddenScreen('plan/repairlist/edit', '编辑维保计划', 'web_sbgl_wbsz'),
    screen('task/checklist', '巡检任务', 'web_sbgl_xjrw'),
    screen('task/repairlist', '维保任务', 'web_sbgl_wbrw'),
    screen('repair/list', '维修单', 'web_sbgl_wxd'),
    hiddenScreen('repair/addinfo', '登记进度', 'web_sbgl_wxd'),
  ]),
  group('/wbmanage', '外包管理', 'SolutionOutlined', 'wbgl', [
    screen('cmpinflist', '外包单位', 'wbgl_wbdwgl'),
    hiddenScreen('cmpinfaddedit', '编辑外包单位', 'wbgl_wbdwgl'),
  ]),
  group('/storage', '仓储管理', 'DatabaseOutlined', 'ccgl', [
    screen('supplierlist', '供应商管理', 'ccgl_ghsgl'),
    screen('warehouselist', '仓库管理', 'ccgl_ckgl'),
    screen('goodscategory', '物品分类', 'ccgl_wpfl'),
    screen('goodslist', '物品管理', 'ccgl_wpgl'),
    screen('inoutrec', '出入库记录', 'ccgl_crkmx'),
    hiddenScreen('inoutstorage', '出入库登记', 'ccgl_crkmx'),
    screen('transf', '库存调拨', 'ccgl_kcdb'),
    hiddenScreen('transfadd', '新增调拨', 'ccgl_kcdb'),
    screen('pandian', '库存盘点', 'ccgl_kcpd'),
    hiddenScreen('pandianadd', '新增盘点', 'ccgl_kcpd'),
    screen('storagereport', '库存报表', 'ccgl_kcbb'),
  ]),
  group('/contract', '合同管理', 'FileTextOutlined', 'htgl', [
    screen('list', '合同管理', 'htgl_htgl'),
    hiddenScreen('list/contractaddedit', '编辑合同', 'htgl_htgl'),
    group('storage/contactChart', '合同报表', 'BarChartOutlined', 'htgl_htbb', [
      screen('contactChart', '合同概览', 'htgl_htbb'),
      screen('Rectcontrolchart', '租控图', 'htgl_htbb'),
      screen('Paidcost', '已收费用', 'htgl_htbb'),
      screen('ArrearsCost', '欠费统计', 'htgl_htbb'),
    ]),
    screen('settings', '合同设置', 'htgl_htsz'),
  ]),
  group('/express', '快递管理', 'InboxOutlined', 'kdgl', [
    screen('orderlist', '快递订单', 'kdgl_ddgl'),
    screen('storagelist', '存放点管理', 'kdgl_kcgl'),
    screen('settings', '快递设置', 'kdgl_kdsz'),
  ]),
  group('/sms', '短信管理', 'MessageOutlined', 'dxgl', [
    screen('sendgroupmsg', '短信群发', 'dxgl_dxqf', { built: true }),
    screen('sendreclist', '发送记录', 'dxgl_fsjl', { built: true }),
    screen('chargereclist', '短信充值', 'dxgl_dxcz', { built: true }),
  ]),
  group('/attendance', '考勤管理', 'ScheduleOutlined', 'kqgl', [
    screen('settings', '考勤设置', 'kqgl_kqsz', { built: true }),
    hiddenScreen('editsetting', '编辑考勤组', 'kqgl_kqsz', { built: true }),
    screen('clockinlist', '打卡记录', 'kqgl_dkjl', { built: true }),
    screen('statistics', '考勤统计', 'kqgl_kqtj', { built: true }),
  ]),
  group('/AdSpace', '广告位管理', 'NotificationOutlined', 'ggwgl', [
    screen('AdSpaces', '广告位', 'ggwgl_ggwgl'),
    hiddenScreen('createAdSpace', '新增广告位', 'ggwgl_ggwgl'),
    hiddenScreen('adSpacesEdit', '编辑广告位', 'ggwgl_ggwgl'),
  ]),
  group('/screen', '数据大屏', 'FundProjectionScreenOutlined', 'sjdp', [
    screen('index', '数据大屏', 'sjdp_sjdp', { noLayout: true }),
  ]),
  group('/ChargePoint', '充电桩管理', 'ThunderboltOutlined', 'cdzgl', [
    screen('powerStation', '电站管理', 'cdzgl_dzgl'),
    hiddenScreen('create', '编辑电站', 'cdzgl_dzgl'),
    screen('recharge', '充值管理', 'cdzgl_czgl'),
    screen('chargingRecords', '充电记录', 'cdzgl_cdjl'),
    screen('chargingReport', '充电报表', 'cdzgl_cdbb'),
    screen('bugRepair', '故障报修', 'cdzgl_gzbx'),
  ]),
];

/** The signed-in app, inside the layout. Dashboard, messages and personal centre need no role (spec §6). */
export const appRoutes: RouteNode[] = finalise([
  {
    path: '/',
    redirect: '/dashboard',
    built: false,
    children: [{ path: 'dashboard', title: '首页', icon: 'DashboardOutlined', affix: true, built: true }],
  },
  ...groups,
  group('/news', '消息中心', 'BellOutlined', null, [
    { path: 'index', title: '消息中心', keepAlive: true, built: true },
    { path: 'detail', title: '系统通知', hidden: true, built: true },
  ]),
  group('/personalCenter', '个人中心', 'UserOutlined', null, [{ path: 'index', title: '个人中心', built: true }], {
    hidden: true,
  }),
  group('/test', '测试', 'ExperimentOutlined', null, [{ path: 'test', title: '测试', hidden: true, built: false }], {
    hidden: true,
  }),
]);

/** Public routes first, then the app: the default search space of `findRouteByPath`. */
export const allRoutes: RouteNode[] = [...publicRoutes, ...appRoutes];
