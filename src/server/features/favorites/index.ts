/** Favorites: one mechanism (which items a user marked, flipping one) and one route pair, for every kind. */
export { favoriteIds, toggleFavorite, type FavoriteKind } from './service.ts';
export { favoriteRoutes } from './routes.ts';
