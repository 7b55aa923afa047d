import { z } from 'zod';
import { isEmptyValue as blank, MOBILE_PATTERN } from '../validation';
import { zOptionalText, zRequiredText } from '../zod-rules';
import { jsonArray, zId, zInt } from './form';
import { zDate } from './org';
import { zDecimal } from './property-rules';

/** Codes of domain/sms-attendance.md "API shapes" (SMS half); index = code. */
export const SMS_TEMPLATE_KINDS = ['', '通知', '催缴', '营销'] as const;
export const SMS_REVIEW_STATES = ['', '待审核', '已通过', '已驳回'] as const;
export const SMS_PROVIDER_KINDS = ['', '阿里云', '腾讯云', '日志通道'] as const;
export const SMS_BATCH_STATES = ['', '待发送', '发送中', '已完成', '已取消'] as const;
export const SMS_RECORD_STATES = ['', '发送中', '成功', '失败'] as const;
/** Record sources; 6 月卡到期 (parking's daily owner reminder) was added after the domain file's pinned 1–5. */
export const SMS_SOURCES = ['', '群发', '快递通知', '合同催收', '欠费催缴', '测试', '月卡到期'] as const;
export const SMS_PAY_METHODS = ['', '对公转账', '微信', '支付宝'] as const;
export const SMS_RECHARGE_STATES = ['', '待支付', '已支付', '已取消'] as const;
export const SMS_BALANCE_KINDS = ['', '充值', '发送扣减', '失败退回', '取消退回', '差额退回'] as const;
export const SMS_TARGET_KINDS = ['', '按小区', '按楼栋', '住户标签', '手动输入', '欠费住户'] as const;
/** Packages: code → 条数 and 金额 (元). */
export const SMS_PACKAGES = [
  null,
  { Count: 1000, PayMoney: '80.00', Name: '1000条 ¥80' },
  { Count: 5000, PayMoney: '375.00', Name: '5000条 ¥375' },
  { Count: 10000, PayMoney: '700.00', Name: '10000条 ¥700' },
  { Count: 50000, PayMoney: '3250.00', Name: '50000条 ¥3250' },
] as const;

export const SMS_SOURCE = { group: 1, parcel: 2, contract: 3, arrears: 4, test: 5, cardExpiry: 6 } as const;
export const MSG_SMS_SHORT = '短信余额不足，请先充值';
export const MSG_SMS_NO_RECIPIENT = '接收人不能为空';
export const SMS_DEFAULT_UNIT_PRICE = '0.0800';
export const SMS_CONTENT_MAX = 500;
export const SMS_LOW_BALANCE = 500;

/**
 * The variables a template may use and the fixed names providers know them by (domain file "Providers"). Any other
 * {name} is a custom variable the sender types once for the whole batch.
 */
export const SMS_VARIABLES: Record<string, string> = {
  姓名: 'name',
  房号: 'room',
  小区: 'community',
  金额: 'amount',
  日期: 'date',
  取件码: 'code',
  快递公司: 'courier',
  存放点: 'place',
  单号后四位: 'tail',
};
/** Filled per recipient from the resident's record; the rest come from the sender (or the calling module). */
export const SMS_RECIPIENT_VARIABLES = ['姓名', '房号', '小区'] as const;

const VAR_RE = /\{([^{}\s]{1,20})\}/g;

/** Names of the {variables} of a template's content, in order of first use. */
export function templateVariables(content: string): string[] {
  return [...new Set([...content.matchAll(VAR_RE)].map((m) => m[1]!))];
}

/** Variables a sender must type: neither filled per recipient nor (for 欠费住户) by the fee module. */
export const customVariables = (content: string, filled: readonly string[] = SMS_RECIPIENT_VARIABLES) =>
  templateVariables(content).filter((v) => !filled.includes(v));

/** The content with each {name} replaced; a name without a value stays as typed. */
export const renderTemplate = (content: string, vars: Record<string, string | undefined>) =>
  content.replace(VAR_RE, (all, name: string) => vars[name] ?? all);

/** Characters as carriers count them: one per code point. */
export const smsChars = (text: string) => [...text].length;

/**
 * 条数 of one message (domain file "Segments"): 【sign】 + content, each character 1; ≤ 70 → 1, else ⌈length / 67⌉.
 */
export function smsSegments(sign: string, content: string): number {
  const length = 2 + smsChars(sign) + smsChars(content);
  return length <= 70 ? 1 : Math.ceil(length / 67);
}

export const signedText = (sign: string, content: string) => `【${sign}】${content}`;

/** '13800000000', '+86 138-0000-0000' → '13800000000'; anything else stays as typed (and is counted invalid). */
export const normalisePhone = (raw: string) => {
  const digits = raw.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, '');
  return digits;
};
export const isMobile = (phone: string) => MOBILE_PATTERN.test(phone);

/** Phones typed into 手动输入: split by commas, semicolons, spaces or new lines. */
export const splitPhones = (text: string) =>
  text
    .split(/[,，;；\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);

const ids = () => jsonArray(zId().pipe(z.number().min(1, '编号不正确')), { max: 5000, maxMessage: '选择的对象过多' });

/** Recipients (domain file "Target"). */
export const SmsTarget = z.object({
  Kind: zInt('请选择接收对象').pipe(z.number().int().min(1, '请选择接收对象').max(5, '请选择接收对象')),
  CommunityIds: ids().default([]),
  BuildingIds: ids().default([]),
  UnitIds: ids().default([]),
  TagIds: ids().default([]),
  Roles: jsonArray(zInt().pipe(z.number().min(1, '住户身份不正确').max(3, '住户身份不正确')), { max: 3 }).default([]),
  Phones: jsonArray(
    z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().max(30)),
    {
      max: 10000,
      maxMessage: '手机号最多10000个',
    },
  ).default([]),
  ArrearsMoney: z.preprocess((v) => (blank(v) ? '0' : v), zDecimal('欠费金额', 0, 99999999)),
  ArrearsMonths: z.preprocess(
    (v) => (blank(v) ? 0 : v),
    zInt('欠费月数需为0-120').pipe(z.number().min(0, '欠费月数需为0-120').max(120, '欠费月数需为0-120')),
  ),
});
export type SmsTarget = z.infer<typeof SmsTarget>;

/** The target arrives as an object (JSON bodies) or as its JSON text (form bodies). */
const targetField = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}, SmsTarget.optional());

const varsField = z.preprocess(
  (v) => {
    if (blank(v)) return {};
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.record(
    z.string().max(20),
    z.preprocess((v) => (v == null ? '' : String(v)), z.string().max(200, '变量值不能超过200个字符')),
    {
      error: '变量格式不正确',
    },
  ),
);

const requiredId = (msg: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), zId(msg).pipe(z.number().min(1, msg)));

export const SmsPreviewBody = z.object({
  Target: targetField.refine((t) => t !== undefined, '请选择接收对象'),
  TemplateId: requiredId('请选择模板'),
  SignId: requiredId('请选择签名'),
  Vars: varsField.default({}),
});
export type SmsPreviewBody = z.infer<typeof SmsPreviewBody>;

/** 'YYYY-MM-DD HH:mm' or with seconds; blank = 立即. */
export const SmsSendBody = SmsPreviewBody.extend({
  SendAt: z.preprocess(
    (v) => (blank(v) ? undefined : String(v).trim()),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, '定时时间格式不正确')
      .optional(),
  ),
});
export type SmsSendBody = z.infer<typeof SmsSendBody>;

const reviewState = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  zInt('状态不正确').pipe(z.number().min(1, '状态不正确').max(3, '状态不正确')).optional(),
);

export const SmsTemplateSaveBody = z.object({
  Id: zId().default(0),
  Name: zRequiredText('请输入模板名称', 30, '模板名称'),
  Kind: zInt('请选择模板类型').pipe(z.number().min(1, '请选择模板类型').max(3, '请选择模板类型')),
  Content: zRequiredText('请输入模板内容', SMS_CONTENT_MAX, '模板内容').refine(
    (c) => !/[【】]/.test(c),
    '内容不能包含【】，签名由系统添加',
  ),
  ProviderCode: zOptionalText(40, '服务商模板编号'),
  State: reviewState,
});
export type SmsTemplateSaveBody = z.infer<typeof SmsTemplateSaveBody>;

export const SmsSignSaveBody = z.object({
  Id: zId().default(0),
  Name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^【|】$/g, '') : v),
    z
      .string({ error: '请输入签名' })
      .min(2, '签名需为2-12个字符')
      .max(12, '签名需为2-12个字符')
      .refine((s) => !/[【】]/.test(s), '签名不能包含【】'),
  ),
  State: reviewState,
});
export type SmsSignSaveBody = z.infer<typeof SmsSignSaveBody>;

export const SmsProviderSaveBody = z.object({
  Kind: zInt('请选择通道').pipe(z.number().min(1, '请选择通道').max(3, '请选择通道')),
  Key: zOptionalText(100, 'AccessKey'),
  /** Write-only: blank or '****' keeps the stored secret. */
  Secret: zOptionalText(200, '密钥'),
  AppId: zOptionalText(40, 'SdkAppId'),
  CallbackToken: zOptionalText(64, '回执令牌'),
  UnitPrice: z.preprocess(
    (v) => (blank(v) ? SMS_DEFAULT_UNIT_PRICE : String(v).trim()),
    z
      .string()
      .regex(/^\d{1,2}(\.\d{1,4})?$/, '单价需为0-99元，最多4位小数')
      .refine((v) => Number(v) > 0, '单价需大于0'),
  ),
});
export type SmsProviderSaveBody = z.infer<typeof SmsProviderSaveBody>;

export const SmsTestSendBody = z.object({
  Phone: z.preprocess(
    (v) => (typeof v === 'string' ? normalisePhone(v.trim()) : v),
    z.string({ error: '请输入手机号' }).min(1, '请输入手机号').refine(isMobile, '手机号格式不正确'),
  ),
});

export const SmsRechargeAddBody = z.object({
  Package: zInt('请选择套餐').pipe(z.number().min(1, '请选择套餐').max(4, '请选择套餐')),
  PayMethod: zInt('请选择支付方式').pipe(z.number().min(1, '请选择支付方式').max(3, '请选择支付方式')),
});
export type SmsRechargeAddBody = z.infer<typeof SmsRechargeAddBody>;

export const SmsRechargeConfirmBody = z.object({
  Id: requiredId('编号不正确'),
  PayRef: zRequiredText('请输入流水号', 64, '流水号'),
});

const optionalCode = (max: number) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    zInt('筛选条件不正确').pipe(z.number().min(0, '筛选条件不正确').max(max, '筛选条件不正确')).optional(),
  );

export const SmsBatchFilter = {
  BatchNo: zOptionalText(30, '批次号'),
  State: optionalCode(4),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
};
export const SmsRecordFilter = {
  Phone: zOptionalText(20, '手机号'),
  State: optionalCode(3),
  Source: optionalCode(SMS_SOURCES.length - 1),
  BatchNo: zOptionalText(30, '批次号'),
  BatchId: z.preprocess((v) => (blank(v) ? undefined : v), zId().optional()),
  DateFrom: zDate('开始日期'),
  DateTo: zDate('结束日期'),
};
export const SmsRechargeFilter = { State: optionalCode(3), DateFrom: zDate('开始日期'), DateTo: zDate('结束日期') };
export const SmsBalanceLogFilter = { Kind: optionalCode(5), DateFrom: zDate('开始日期'), DateTo: zDate('结束日期') };

/** Preview's answer (pinned). */
export interface SmsPreview {
  Total: number;
  Invalid: string[];
  Samples: string[];
  Chars: number;
  SegmentsPerMessage: number;
  TotalSegments: number;
  UnitPrice: string;
  CostMoney: string;
  Balance: number;
  BalanceAfter: number;
  Short: boolean;
}

export interface SmsTemplateRow {
  Id: number;
  Name: string;
  Kind: number;
  KindName: string;
  Content: string;
  ProviderCode: string;
  State: number;
  StateName: string;
  Variables: string[];
  UpdateTime: string;
}
export interface SmsSignRow {
  Id: number;
  Name: string;
  State: number;
  StateName: string;
}
export interface SmsProviderView {
  Kind: number;
  KindName: string;
  Key: string;
  /** '****' when one is stored, '' otherwise. */
  Secret: string;
  AppId: string;
  CallbackToken: string;
  UnitPrice: string;
}
export interface SmsBatchRow {
  Id: number;
  BatchNo: string;
  TemplateName: string;
  SignName: string;
  TargetName: string;
  SendAt: string;
  Total: number;
  Segments: number;
  Success: number;
  Failed: number;
  Sending: number;
  State: number;
  StateName: string;
  CreatorName: string;
  CreateTime: string;
}
export interface SmsRecordRow {
  Id: number;
  BatchId: number | null;
  BatchNo: string;
  Phone: string;
  Name: string;
  Content: string;
  Segments: number;
  Source: number;
  SourceName: string;
  State: number;
  StateName: string;
  FailReason: string;
  SendTime: string;
  ReportTime: string;
  Provider: string;
  BizId: string;
}
export interface SmsRechargeRow {
  Id: number;
  OrderNo: string;
  Package: number;
  PackageName: string;
  Count: number;
  PayMoney: string;
  PayMethod: number;
  PayMethodName: string;
  State: number;
  StateName: string;
  PayRef: string;
  CreatorName: string;
  CreateTime: string;
  ConfirmerName: string;
  ConfirmTime: string;
}
export interface SmsBalanceLogRow {
  Id: number;
  CreateTime: string;
  Kind: number;
  KindName: string;
  Delta: number;
  Balance: number;
  RefNo: string;
}
