// The form page uses the archive calls of the list screen.
export { ARCHIVES, type ArchiveDetail, type ArchiveFile, archiveGet, archiveSave } from '../archives/api';
