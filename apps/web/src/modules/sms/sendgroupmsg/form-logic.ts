import { splitPhones } from '@linli/shared';

export interface SendFormValues {
  Kind: number;
  CommunityIds?: number[];
  Tree?: string[];
  TagIds?: number[];
  Roles?: number[];
  PhonesText?: string;
  ArrearsMoney?: number | null;
  ArrearsMonths?: number | null;
  SignId?: number;
  TemplateId?: number;
  Vars?: Record<string, string>;
  Timing: 'now' | 'later';
  SendAt?: { format(f: string): string } | null;
}

/** The form's values as the pinned Sms/Preview and Sms/Send body (Target, TemplateId, SignId, Vars, SendAt). */
export function toSendBody(v: SendFormValues) {
  const tree = v.Tree ?? [];
  const pick = (p: string) => tree.filter((k) => k.startsWith(p)).map((k) => Number(k.slice(2)));
  const Target = {
    Kind: v.Kind,
    CommunityIds: v.Kind === 2 ? pick('c-') : v.Kind === 4 ? [] : (v.CommunityIds ?? []),
    BuildingIds: v.Kind === 2 ? pick('b-') : [],
    UnitIds: v.Kind === 2 ? pick('u-') : [],
    TagIds: v.Kind === 3 ? (v.TagIds ?? []) : [],
    Roles: v.Kind === 4 ? [] : (v.Roles ?? []),
    Phones: v.Kind === 4 ? splitPhones(v.PhonesText ?? '') : [],
    ArrearsMoney: v.Kind === 5 ? String(v.ArrearsMoney ?? 0) : '0',
    ArrearsMonths: v.Kind === 5 ? (v.ArrearsMonths ?? 0) : 0,
  };
  return {
    Target,
    TemplateId: v.TemplateId,
    SignId: v.SignId,
    Vars: v.Vars ?? {},
    SendAt: v.Timing === 'later' && v.SendAt ? v.SendAt.format('YYYY-MM-DD HH:mm') : '',
  };
}
