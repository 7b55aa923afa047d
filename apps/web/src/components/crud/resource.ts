import { request, requestEnvelope } from '../../app/request';
import type { ImportConfig } from './import-dialog';
import type { ListAnswer, ListParams } from './types';

/** A shared zod schema seen through Standard Schema's types, so the web app need not import zod for its types. */
export interface SchemaOf<Out> {
  '~standard': { types?: { output: Out } | undefined };
}

export interface ResourceSpec<Row, Values> {
  /** First part of every query key ('communities'); what a write to it refreshes elsewhere is in app/query-deps.ts. */
  name: string;
  /** The calls' controller: '/Community' → /Community/List, /Get, /Save, /Delete, /Export. */
  path: string;
  /** The shared response schema of a row: the row type comes from it. */
  row: SchemaOf<Row>;
  /** The shared Save body schema: the form's values and its field rules (`zodRule`). */
  body: SchemaOf<Values> & { shape: object };
  /** What the screen calls one record (小区): 新增小区, 编辑小区, 小区加载失败, the export's file name. */
  title: string;
  listPath: string;
  /** The add/edit page (`?id=` edits); omitted when the list edits in a drawer. */
  formPath?: string;
  /** No /Export call when false. */
  exportable?: boolean;
  import?: Omit<ImportConfig, 'title'> & { title?: string };
}

/**
 * One declaration of a screen's resource (README "v2"): the typed client of its calls, the query-key name and what
 * the list and form pages need, with row and form types read from the shared schemas.
 */
export function defineResource<Row extends object, Values extends object>(spec: ResourceSpec<Row, Values>) {
  return {
    ...spec,
    list: (p: ListParams): Promise<ListAnswer<Row>> => requestEnvelope<Row[]>(`${spec.path}/List`, p),
    get: (Id: number) => request<Row>(`${spec.path}/Get`, { Id }),
    save: (v: Partial<Values>) => request<{ Id: number }>(`${spec.path}/Save`, v),
    remove: (Id: number) => request(`${spec.path}/Delete`, { Id }),
    exportCall: spec.exportable === false ? undefined : `${spec.path}/Export`,
    importConfig: spec.import && { title: `导入${spec.title}`, ...spec.import },
    /** The add/edit page's address (0 = new). */
    formUrl: (id = 0) => `${spec.formPath ?? spec.listPath}${id ? `?id=${id}` : ''}`,
  };
}

export type Resource<Row extends object = object, Values extends object = object> = ReturnType<
  typeof defineResource<Row, Values>
>;
