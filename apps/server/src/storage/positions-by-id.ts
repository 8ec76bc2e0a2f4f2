import type { Dialect } from './database.js';

/**
 * Where positions are read by id, as `positions` in the query. On SQLite `positions` is a view
 * joining the device index to the rows (migration 0005): a lookup by id through it also searches
 * the index and the tail for every id, twice the work of reading `positions_data`, which holds
 * every stored position, indexed or not (10,752 motion events' positions: 80 against 40 ms).
 */
export const positionsById = (dialect: Dialect): 'positions' => (dialect === 'sqlite' ? 'positions_data as positions' : 'positions') as 'positions';
