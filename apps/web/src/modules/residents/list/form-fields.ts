import { ResidentSaveBody } from '@linli/shared';
import { type FormField, type Option, zodRule } from '../../../components/crud';
import { genderOptions, idTypeOptions } from '../shared/labels';
import { idNoError, MSG_TAGS_MAX, mobileError, optionalMobileError } from '../shared/resident-logic';
import { type LinkForm, rolesOf } from './form-logic';

const fail = (msg: string | null) => (msg ? Promise.reject(new Error(msg)) : Promise.resolve());

/** The basic fields of the resident form (the 房屋 sub-table follows them). */
export const residentFields = (tags: Option[]): FormField[] => [
  {
    name: 'Name',
    label: '姓名',
    maxLength: 20,
    span: 12,
    section: '基本信息',
    rules: [zodRule(ResidentSaveBody, 'Name')],
  },
  { name: 'Gender', label: '性别', type: 'radio', options: genderOptions, span: 12 },
  {
    name: 'Mobile',
    label: '手机',
    span: 12,
    placeholder: '家属可不填',
    rules: [
      ({ getFieldValue }) => ({
        validator: (_, v?: string) => fail(mobileError(v, rolesOf(getFieldValue('Rooms') as LinkForm[]))),
      }),
    ],
  },
  { name: 'IdType', label: '证件类型', type: 'select', options: idTypeOptions, span: 12, props: { allowClear: false } },
  {
    name: 'IdNo',
    label: '证件号',
    span: 12,
    rules: [
      ({ getFieldValue }) => ({ validator: (_, v?: string) => fail(idNoError(v, getFieldValue('IdType') as number)) }),
    ],
  },
  // The server reads the birthday from the ID number (ResidentSaveBody has no Birthday): shown, not typed.
  { name: 'Birthday', label: '出生日期', type: 'date', span: 12, disabled: true, extra: '由18位身份证号自动带出' },
  { name: 'EmergencyName', label: '紧急联系人', maxLength: 20, span: 12 },
  {
    name: 'EmergencyMobile',
    label: '紧急联系电话',
    span: 12,
    rules: [{ validator: (_, v?: string) => fail(optionalMobileError(v)) }],
  },
  {
    name: 'TagIds',
    label: '标签',
    type: 'multiSelect',
    options: tags,
    rules: [{ type: 'array', max: 10, message: MSG_TAGS_MAX }],
  },
  { name: 'Remark', label: '备注', type: 'textarea', maxLength: 200, rules: [zodRule(ResidentSaveBody, 'Remark')] },
];
