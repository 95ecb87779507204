import type { ServiceCategory, ServiceWindow } from '#lib/services/names.ts';

/** What the form needs of a catalogue service (src/content/services), passed in by the page at build time. */
export interface ServiceChoice {
  id: string;
  name: string;
  category: ServiceCategory;
  summary: string;
  windows: ServiceWindow[];
  /** The earliest preferred day, in days from today. */
  earliest_days: number;
  lead_time: string;
  price_min_rial: number;
  price_max_rial: number;
  price_note?: string | undefined;
  prepare: string[];
  areas: string[];
}
