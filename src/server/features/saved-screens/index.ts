/** Saved screens: each reader's named screens of the screener (docs/product.md §7.8). */
export { savedScreensView } from './read-models.ts';
export {
  deleteSavedScreen,
  listSavedScreens,
  saveScreen,
  setSavedScreenAlert,
  stopSavedScreenAlert,
  updateSavedScreen,
  type SavedScreen,
  noteScreenAlerts,
} from './service.ts';
