/**
 * Accounts: what other features may use. The signed-in user of a request
 * (loadSession sets it; requireUser and requireStaff refuse without one), the
 * account record and its field rules, and staff accounts.
 */
export { usersView } from './read-models.ts';
export type { UserRow } from './sessions.ts';
export { revokeAllSessions, sessionIsOpen } from './sessions.ts';
export { checkName, parseContactMethod, publicUser, type PublicUser } from './users.ts';
export { bearerToken, loadSession, requireStaff, requireUser, staffOnly } from './middleware.ts';
export { removeStaff, upsertStaff } from './staff.ts';
export {
  lockUser,
  lockUserPhone,
  saveAnnouncementsByMessage,
  saveMessagePreference,
  saveNameAndPhone,
  setAnnouncementsOfAddress,
} from './user-edits.ts';
