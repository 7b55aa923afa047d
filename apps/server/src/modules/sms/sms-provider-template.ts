import { templateVariables } from '@linli/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { smsBatches, smsTemplates } from '../../db/schema';
import { filledBy } from './sms-compose';

/** What 阿里云/腾讯云 need besides the number: the signature, the provider's template code and its variables. */
export interface ProviderTemplate {
  sign: string;
  /** The template's ProviderCode (阿里云 TemplateCode, 腾讯云 TemplateId). */
  code: string;
  /** The template's variables in order of first use, by their Chinese names (SMS_VARIABLES gives the fixed English). */
  params: { name: string; value: string }[];
}

export interface TemplateSource {
  id: number;
  batchId: number | null;
  /** The signed text as stored (【签名】内容). */
  content: string;
  name: string;
}

interface Tpl {
  id: number;
  content: string;
  providerCode: string;
  state: number;
}

const VAR_SPLIT = /\{([^{}\s]{1,20})\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SIGNED = /^【([^【】]{1,12})】([\s\S]*)$/;

/**
 * The variables of `text` read back against `template`: each {name} becomes a lazy group, a name given in `pinned`
 * its known value. Null when the text was not made from this template.
 */
export function readVariables(
  template: string,
  text: string,
  pinned: Record<string, string> = {},
): Record<string, string> | null {
  const groups: string[] = [];
  let pattern = '';
  let last = 0;
  for (const m of template.matchAll(VAR_SPLIT)) {
    pattern += escape(template.slice(last, m.index!));
    last = m.index! + m[0].length;
    const name = m[1]!;
    const seen = groups.indexOf(name);
    if (name in pinned) pattern += escape(pinned[name]!);
    else if (seen >= 0) pattern += `\\k<g${seen}>`;
    else {
      pattern += `(?<g${groups.length}>[\\s\\S]*?)`;
      groups.push(name);
    }
  }
  pattern += escape(template.slice(last));
  const m = new RegExp(`^${pattern}$`, 'u').exec(text);
  if (!m) return null;
  const out: Record<string, string> = { ...pinned };
  groups.forEach((name, i) => (out[name] = m.groups![`g${i}`] ?? ''));
  return out;
}

const literalLength = (content: string) => content.replace(VAR_SPLIT, '').length;

/**
 * Records keep only the text that went out (no template id or variables: no column for them, and a batch writes its
 * records in one INSERT … SELECT), so the provider's template and values are read back from it. A batch's record
 * against the batch's own template, with the sender's custom values and the recipient's name pinned (they are known
 * exactly, which settles adjacent variables); a single message (sms.send, 重发, 测试) against the company's approved
 * templates that have a ProviderCode, the most literal one winning. Answers each record's template, or the reason it
 * cannot go through a template-only provider (sendMany's fixed texts have none unless one is registered).
 */
export async function providerTemplates(
  db: Tx,
  cmpId: number,
  records: TemplateSource[],
): Promise<Map<number, ProviderTemplate | string>> {
  const tpls: Tpl[] = await db
    .select({
      id: smsTemplates.id,
      content: smsTemplates.content,
      providerCode: smsTemplates.providerCode,
      state: smsTemplates.state,
    })
    .from(smsTemplates)
    .where(eq(smsTemplates.cmpId, cmpId));
  const batchIds = [...new Set(records.map((r) => r.batchId).filter((b): b is number => !!b))];
  const batches = batchIds.length
    ? await db
        .select({
          id: smsBatches.id,
          templateId: smsBatches.templateId,
          vars: smsBatches.vars,
          target: smsBatches.target,
        })
        .from(smsBatches)
        .where(and(eq(smsBatches.cmpId, cmpId), inArray(smsBatches.id, batchIds)))
    : [];
  const usable = tpls
    .filter((t) => t.state === 2 && t.providerCode.trim())
    .sort((a, b) => literalLength(b.content) - literalLength(a.content) || a.id - b.id);
  const out = new Map<number, ProviderTemplate | string>();
  for (const r of records) {
    const signed = SIGNED.exec(r.content);
    if (!signed) {
      out.set(r.id, '短信缺少签名');
      continue;
    }
    const [, sign, body] = signed as unknown as [string, string, string];
    const batch = r.batchId ? batches.find((b) => b.id === r.batchId) : undefined;
    let found: { tpl: Tpl; values: Record<string, string> } | undefined;
    if (batch) {
      const tpl = tpls.find((t) => t.id === batch.templateId);
      if (!tpl?.providerCode.trim()) {
        out.set(r.id, '模板未填写服务商模板编号');
        continue;
      }
      const pinned: Record<string, string> = {};
      const filled = filledBy((batch.target as { Kind?: number } | null)?.Kind ?? 0);
      for (const [k, v] of Object.entries(batch.vars ?? {})) if (!filled.includes(k)) pinned[k] = v;
      // The record's name is the recipient's name cut to 30 characters: exact when shorter.
      if ([...r.name].length < 30) pinned['姓名'] = r.name;
      const used = new Set(templateVariables(tpl.content));
      for (const k of Object.keys(pinned)) if (!used.has(k)) delete pinned[k];
      const values = readVariables(tpl.content, body, pinned) ?? readVariables(tpl.content, body);
      if (values) found = { tpl, values };
    } else {
      for (const tpl of usable) {
        const values = readVariables(tpl.content, body);
        if (values) {
          found = { tpl, values };
          break;
        }
      }
    }
    if (!found) {
      out.set(r.id, '未找到对应的服务商模板');
      continue;
    }
    out.set(r.id, {
      sign,
      code: found.tpl.providerCode.trim(),
      params: templateVariables(found.tpl.content).map((name) => ({ name, value: found.values[name] ?? '' })),
    });
  }
  return out;
}
