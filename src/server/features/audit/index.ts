/** Staff edits and their audit log: what the features that staff edit use. */
export { auditLog, recordAudit, staffEdit, type AuditActor, type StaffEdit } from './service.ts';
export { versionedEditor, type VersionedEditor, type VersionedTable } from './versioned-editor.ts';
