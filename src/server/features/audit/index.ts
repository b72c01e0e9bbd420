/** Staff edits and their audit log: what the features that staff edit use. */
export { auditEntries } from './tables.ts';
export { auditLog, staffEdit, type StaffEdit } from './service.ts';
