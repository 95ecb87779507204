import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DeskAppointmentSchema, HospitalLeaveSchema, HospitalLeaveWithdrawnSchema, HospitalWithdrawalSchema, LedgerCheckSchema } from '#lib/api/contracts/hospital.ts';
import type { DeskAppointment, LeaveResult, LeaveWithdrawal } from '../appointments/hospital.ts';
import { KeyParams } from '../http.ts';
import type { LedgerCheck } from '../ledger/check.ts';
import type { HospitalWithdrawal } from '../wallet/withdrawals.ts';
import { buildOpenApiDocument, loadHospitalRoutes, registerHospitalRoute } from './openapi.ts';

// The route files, loaded as the openapi.json route loads them: each registers itself.
const routeModules = import.meta.glob(['/src/pages/api/hospital/v1/**/*.ts', '!/src/pages/api/hospital/v1/openapi.json.ts'], { eager: true });
const routeFiles = Object.keys(routeModules);

type Operation = {
  operationId: string;
  'x-scope': string;
  security: unknown[];
  parameters: Array<{ name?: string; in?: string; required?: boolean; $ref?: string }>;
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, { type: string; maxLength?: number }>; required: string[] } } } };
  responses: Record<string, { content?: { 'application/json': { schema: { properties?: Record<string, unknown>; $ref?: string } } } }>;
};
const document = buildOpenApiDocument(loadHospitalRoutes(routeModules));
const operation = (path: string, method: string) => (document.paths[path] as Record<string, Operation> | undefined)?.[method];

/** `src/pages/api/hospital/v1/withdrawals/[key]/paid.ts` → `/withdrawals/{key}/paid`. */
const routeOf = (file: string) =>
  file
    .replace(/^.*\/api\/hospital\/v1/, '')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '')
    .replace(/\[(\w+)\]/g, '{$1}');

describe('the hospital OpenAPI document', () => {
  it('is OpenAPI 3.1 with bearer security, the error envelope and the Idempotency-Key header', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/api/hospital/v1' }]);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.Error).toMatchObject({ required: ['success', 'message'] });
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
  });

  it('has every route file, each operation once, with its scope and security', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(4);
    const documented = Object.keys(document.paths).sort();
    expect(documented).toEqual([...new Set(routeFiles.map(routeOf))].sort());
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods as Record<string, Operation>).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of Object.values(document.paths).flatMap((methods) => Object.values(methods as Record<string, Operation>))) {
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.responses['401']?.content?.['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    }
  });

  it('refuses a route whose path and params schema name different parameters', () => {
    const route = { method: 'GET', scope: 'invoices', summary: 'x', answer: { status: 200, data: v.object({}) } } as const;
    expect(() => registerHospitalRoute({ ...route, path: '/x/{key}/y' })).toThrow(/params declares \{\}, the path \{key\}/);
    expect(() => registerHospitalRoute({ ...route, path: '/x/{id}/y', params: KeyParams })).toThrow(/params declares \{key\}, the path \{id\}/);
    expect(() => registerHospitalRoute({ ...route, path: '/x', params: KeyParams })).toThrow(/params declares \{key\}, the path \{\}/);
  });

  it("describes bodies, queries and path parameters from the endpoints' own schemas", () => {
    const paid = operation('/withdrawals/{key}/paid', 'post')!;
    expect(paid.requestBody?.content['application/json'].schema).toMatchObject({ required: ['bank_reference'], properties: { bank_reference: { type: 'string', maxLength: 64 } } });
    expect(paid.parameters).toEqual(expect.arrayContaining([{ name: 'key', in: 'path', required: true, schema: { type: 'string' } }, { $ref: '#/components/parameters/IdempotencyKey' }]));
    expect(Object.keys(paid.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '409', '422']));
    expect(operation('/withdrawals/{key}/reject', 'post')?.requestBody?.content['application/json'].schema.properties.reason).toMatchObject({ maxLength: 500 });

    const list = operation('/withdrawals', 'get')!;
    expect(list.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['query:page', 'query:per_page', 'query:status']);
    expect(list.requestBody).toBeUndefined();
    expect(list.responses['200']?.content?.['application/json'].schema.properties).toMatchObject({ data: { type: 'array' }, meta: { $ref: '#/components/schemas/ListMeta' } });
    expect(operation('/ledger/check', 'get')?.responses['200']?.content?.['application/json'].schema.properties).toMatchObject({
      data: { required: ['ok', 'accounts', 'transfers', 'sum', 'mismatches'] },
    });
  });

  it('describes the booking calls: a leave (201, 404), its withdrawal (DELETE) and the desk’s day list (date required)', () => {
    const leave = operation('/doctors/{doctor_id}/leaves', 'post')!;
    expect(leave['x-scope']).toBe('appointments');
    expect(leave.requestBody?.content['application/json'].schema).toMatchObject({
      required: ['from', 'to', 'reason'],
      properties: { from: { type: 'string' }, to: { type: 'string' }, reason: { type: 'string', maxLength: 200 } },
    });
    expect(leave.parameters).toEqual(
      expect.arrayContaining([{ name: 'doctor_id', in: 'path', required: true, schema: { type: 'string' } }, { $ref: '#/components/parameters/IdempotencyKey' }]),
    );
    expect(Object.keys(leave.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '404', '409', '422']));
    expect(leave.responses['200']).toBeUndefined();
    expect(leave.responses['201']?.content?.['application/json'].schema.properties).toMatchObject({ data: { required: ['leave_id', 'from', 'to', 'cancelled'] } });

    // Withdrawing it: a DELETE with both path parameters, no body and no Idempotency-Key (a repeat changes nothing anyway).
    const withdraw = operation('/doctors/{doctor_id}/leaves/{leave_id}', 'delete')!;
    expect(withdraw['x-scope']).toBe('appointments');
    expect(withdraw.operationId).toBe('delete_doctors_doctor_id_leaves_leave_id');
    expect(withdraw.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:doctor_id', 'path:leave_id']);
    expect(withdraw.requestBody).toBeUndefined();
    expect(Object.keys(withdraw.responses).sort()).toEqual(['200', '401', '403', '404', '503']);
    expect(withdraw.responses['200']?.content?.['application/json'].schema.properties).toMatchObject({ data: { required: ['leave_id', 'withdrawn_at', 'offered'] } });

    const day = operation('/appointments', 'get')!;
    expect(day['x-scope']).toBe('appointments');
    expect(day.parameters.map((p) => `${p.in}:${p.name}:${p.required}`).sort()).toEqual(['query:date:true', 'query:doctor_id:false']);
    expect(day.requestBody).toBeUndefined();
    expect(day.responses['200']?.content?.['application/json'].schema.properties).toMatchObject({
      data: { type: 'array', items: { required: expect.arrayContaining(['key', 'start', 'turn', 'patient']) } },
    });
  });

  it('documents the answers the services really give', () => {
    expectTypeOf<v.InferOutput<typeof HospitalWithdrawalSchema>>().toEqualTypeOf<HospitalWithdrawal>();
    expectTypeOf<v.InferOutput<typeof LedgerCheckSchema>>().toEqualTypeOf<LedgerCheck>();
    expectTypeOf<v.InferOutput<typeof HospitalLeaveSchema>>().toEqualTypeOf<LeaveResult>();
    expectTypeOf<v.InferOutput<typeof HospitalLeaveWithdrawnSchema>>().toEqualTypeOf<LeaveWithdrawal>();
    expectTypeOf<v.InferOutput<typeof DeskAppointmentSchema>>().toEqualTypeOf<DeskAppointment>();
  });
});
