/**
 * What every paged list shares (spec/api.md "Lists"): the `?page=&per_page=` query and the answer's
 * `meta`. Each area's list contract builds on these instead of defining its own.
 */
import * as v from 'valibot';
import { validationMessages as M } from '../../validation/messages.ts';
import { LAST_PAGE, type ListMeta } from '../pages.ts';

export { LAST_PAGE, type ListMeta };

const PageSchema = v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, M.integer), v.toNumber(), v.minValue(1, M.min1)), '1');
const PerPageSchema = v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, M.integer), v.toNumber(), v.minValue(1, M.min1), v.maxValue(50, 'حداکثر ۵۰ مورد در هر صفحه')), '20');

/** The query of any plain list (`GET /wallet/withdrawals`, …); longer queries spread its `entries`. */
export const PageQuerySchema = v.object({ page: PageSchema, per_page: PerPageSchema });
export type PageQuery = v.InferOutput<typeof PageQuerySchema>;
