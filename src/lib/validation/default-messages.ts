/**
 * Persian messages for valibot's own checks (types, uuid, lengths, picklists), so that no schema,
 * in a form or in the API, ever shows valibot's English default. Importing this module installs them.
 */
import * as v from 'valibot';
import { toPersianDigits } from '../format/digits.ts';
import { inputMessage } from './base.ts';
import { validationMessages as M, maxLengthMessage } from './messages.ts';

export function persianIssueMessage(issue: v.BaseIssue<unknown>): string {
  switch (issue.type) {
    case 'max_length':
      return maxLengthMessage(Number(issue.requirement));
    case 'min_length':
      return `دست‌کم ${toPersianDigits(Number(issue.requirement))} کاراکتر لازم است`;
    case 'min_value':
      return `مقدار نباید کمتر از ${toPersianDigits(String(issue.requirement))} باشد`;
    case 'max_value':
      return `مقدار نباید بیشتر از ${toPersianDigits(String(issue.requirement))} باشد`;
    case 'integer':
      return M.integer;
    case 'picklist':
      return 'یکی از گزینه‌های مجاز را انتخاب کنید';
    case 'email':
      return M.email;
    case 'uuid':
      return 'شناسه معتبر نیست';
    case 'string':
    case 'number':
    case 'boolean':
    case 'object':
    case 'array':
      return inputMessage(issue);
    default:
      return M.invalidValue;
  }
}

v.setGlobalMessage(persianIssueMessage);
