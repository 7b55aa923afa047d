export { ColumnSettings } from './column-settings';
export { DeleteButton } from './delete-button';
export { EditDrawer, type EditDrawerProps } from './edit-drawer';
export { ExportButton } from './export-button';
export { FieldControl } from './field-control';
export { downloadFile, saveBlob } from './file-transfer';
export { fieldErrorEntries, fieldErrorsOf, importErrorsOf } from './form-errors';
export { FormFields } from './form-fields';
export { FormPage, type FormPageProps, useFormDetail } from './form-page';
export { fromFormValues, toFormValues } from './form-values';
export { ImageField } from './image-field';
export { ImageListField } from './image-list-field';
export { type ImportConfig, ImportDialog } from './import-dialog';
export { listKey } from './list-logic';
export { type ListContext, ListPage, type ListPageProps } from './list-page';
export { SearchForm } from './search-form';
export { SplitLayout } from './split-layout';
export type { CrudColumn, FormField, ListAnswer, ListParams, Option, SearchField, TreeOption } from './types';
export { useList } from './use-list';
export { zodRule } from './zod-rule';
export { invalidateAfterWrite } from '../../app/query-deps';
export { MoneySummary } from './money-summary';
export { fenOf, fenText, sumMoney } from './money-total';
export { type PrintColumn, PrintButton, PrintView, type PrintViewProps } from './print-view';
export { defineResource, type Resource, type ResourceSpec } from './resource';
export {
  type ResourceAction,
  ResourceForm,
  type ResourceFormProps,
  ResourceList,
  type ResourceListProps,
} from './resource-pages';
export { ReasonDialog, type ReasonDialogProps } from './reason-dialog';
export { type RowAction, RowActions, useRowActions } from './row-actions';
