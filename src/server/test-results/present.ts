/** Result rows → the shapes the patient, the share link and the hospital see (lib/api/contracts/test-results.ts). */
import type { Flag, HistoryPoint, Observation, OrderingDoctor, Panel, ResultShare, TestResultSummary } from '#lib/api/contracts/test-results.ts';
import { HISTORY_MAX } from '#lib/api/contracts/test-results.ts';
import type { LabKnowledge } from './knowledge.ts';
import type { ObservationRow, ShareRow, TestResultRow } from './repository.ts';

export interface FlagCounts {
  total: number;
  abnormal: number;
  critical: number;
}

const valueOf = (row: { valueNumber: number | null; valueText: string | null }): number | string => row.valueNumber ?? row.valueText ?? '';

export function toSummary(row: TestResultRow, counts: FlagCounts | undefined, panelNames: string[], patient: { first_name: string; last_name: string }): TestResultSummary {
  return {
    key: row.key,
    reception_code: row.receptionCode,
    lab: row.lab,
    collected_at: row.collectedAt.toISOString(),
    ...(row.reportedAt ? { reported_at: row.reportedAt.toISOString() } : {}),
    ...(row.collectedDateOnly ? { collected_date_only: true as const } : {}),
    ...(row.reportedAt && row.reportedDateOnly ? { reported_date_only: true as const } : {}),
    status: row.status,
    abnormal_count: counts?.abnormal ?? 0,
    critical_count: counts?.critical ?? 0,
    observation_count: counts?.total ?? 0,
    panel_names: panelNames,
    patient,
  };
}

/** The panels' names of each result, in order. */
export function panelNamesOf(observations: ReadonlyArray<Pick<ObservationRow, 'resultId' | 'panel'>>): Map<number, string[]> {
  const names = new Map<number, string[]>();
  for (const row of observations) {
    const list = names.get(row.resultId) ?? [];
    if (!list.includes(row.panel)) list.push(row.panel);
    names.set(row.resultId, list);
  }
  return names;
}

export function countsOf(observations: ReadonlyArray<Pick<ObservationRow, 'flag'>>): FlagCounts {
  const flags = observations.map((row) => row.flag);
  return { total: flags.length, abnormal: flags.filter((flag) => flag !== 'normal').length, critical: flags.filter((flag) => flag === 'critical_low' || flag === 'critical_high').length };
}

export type HistoryRow = { code: string; valueNumber: number | null; valueText: string | null; flag: Flag; collectedAt: Date };

/** The panels of one result, each observation with its earlier values and our explanation. */
export function toPanels(observations: ObservationRow[], history: HistoryRow[], knowledge: LabKnowledge): Panel[] {
  const byCode = new Map<string, HistoryPoint[]>();
  for (const row of history) {
    const points = byCode.get(row.code) ?? [];
    points.push({ value: valueOf(row), collected_at: row.collectedAt.toISOString(), flag: row.flag });
    byCode.set(row.code, points);
  }
  const panels: Panel[] = [];
  for (const row of observations) {
    let panel = panels.at(-1);
    if (panel?.name !== row.panel) {
      panel = { name: row.panel, observations: [] };
      panels.push(panel);
    }
    const known = knowledge.lookup(row.code, row.name, row.unit);
    const observation: Observation = {
      code: row.code,
      name: row.name,
      ...(known ? { name_fa: known.nameFa } : {}),
      value: valueOf(row),
      unit: row.unit,
      ...(row.referenceLow !== null ? { reference_low: row.referenceLow } : {}),
      ...(row.referenceHigh !== null ? { reference_high: row.referenceHigh } : {}),
      ...(row.referenceText !== null ? { reference_text: row.referenceText } : {}),
      ...(row.referenceBands?.length ? { reference_bands: row.referenceBands } : {}),
      ...(row.components?.length ? { components: row.components } : {}),
      flag: row.flag,
      flag_source: row.flagSource,
      history: (byCode.get(row.code) ?? []).slice(-HISTORY_MAX),
      ...(known ? { explanation: known.explanation } : {}),
    };
    panel.observations.push(observation);
  }
  return panels;
}

export function toOrderingDoctor(row: TestResultRow, doctorExists: (id: string) => boolean): OrderingDoctor | undefined {
  if (!row.orderedByName) return undefined;
  const bookable = row.orderedByDoctorId && doctorExists(row.orderedByDoctorId) ? row.orderedByDoctorId : undefined;
  return {
    name: row.orderedByName,
    ...(row.orderedByDoctorId ? { doctor_id: row.orderedByDoctorId } : {}),
    ...(bookable ? { booking_url: `/appointment/pre-reserve/${bookable}` } : {}),
  };
}

export const toShare = (row: ShareRow): ResultShare => ({ id: row.id, created_at: row.createdAt.toISOString(), expires_at: row.expiresAt.toISOString() });
