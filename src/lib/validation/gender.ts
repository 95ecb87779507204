/** gender: 'male' | 'female', default 'female' when missing. */
import * as v from 'valibot';
import { validationMessages as M } from './messages.ts';

export const GENDERS = ['male', 'female'] as const;

export const GenderSchema = v.optional(v.picklist(GENDERS, M.gender), 'female');
export type Gender = v.InferOutput<typeof GenderSchema>;
