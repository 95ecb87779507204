import type { Observation, ObservationComponent, Panel, SharedTestResult, TestResult } from '#lib/api/contracts/test-results.ts';
import { formatJalaliDate, formatJalaliDateTime } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { FlagBadge } from './FlagBadge.tsx';
import { FLAG_DIRECTIONS, FLAG_LABELS, STATUS_LABELS, STATUS_TONES } from './labels.ts';
import { RangeBar } from './RangeBar.tsx';
import { displayUnit, formatLabValue, inBand, isCriticalFlag, isLowFlag, labNameBeside, rangeText } from './reading.ts';
import { TrendChart } from './TrendChart.tsx';
import { DocumentHeader } from '../ui/DocumentHeader.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { Fact, Facts } from '../ui/Facts.tsx';

/**
 * A test result as a document: the hospital, the patient, the panels with each value's flag, range
 * bar, trend and explanation, and what the explanations are not. Pure (no hooks, no state): drawn
 * by the patient's page (an island) and by the share link's page (on the server, with no script),
 * and laid out for paper by results-print.css (a table per panel instead of the cards).
 */

/** The test's Persian name when we know it, else the lab's. */
const displayName = (observation: Observation) => observation.name_fa ?? observation.explanation?.title ?? observation.name;

/** A lab's own name for a test is usually English: it reads left to right inside the Persian text. */
function LabName({ observation }: { observation: Observation }) {
  return <bdi dir="auto">{observation.name}</bdi>;
}

/** Up to this many characters a text shows whole; longer, folded to its start with «بیشتر». */
const FOLD = 90;

/** A long text (a range stratified by age and sex, a LOINC long name): its start, the rest on demand; whole on paper and without script. */
function Folded({ text }: { text: string }) {
  if (text.length <= FOLD) return <bdi dir="auto">{text}</bdi>;
  return (
    <details className="results-fold group/fold">
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-1">
        <bdi dir="auto" className="group-open/fold:hidden">
          {text.slice(0, FOLD - 20)}…
        </bdi>{' '}
        <span className="font-bold text-brand group-open/fold:hidden">بیشتر</span>
        <span className="hidden font-bold text-brand group-open/fold:inline">کمتر</span>
      </summary>
      <bdi dir="auto">{text}</bdi>
    </details>
  );
}

/** The lab's other ranges («Severe TBI: تا ۸»), the one the value falls in marked; never the normal range. */
function Bands({ observation }: { observation: Observation }) {
  const bands = observation.reference_bands;
  if (!bands) return null;
  return (
    <ul className="text-sm text-muted" aria-label="بازه‌های دیگر آزمایشگاه">
      {bands.map((band) => (
        <li key={band.name} className={inBand(observation.value, band) ? 'font-bold text-ink' : ''}>
          <Folded text={band.name} />: {rangeText({ reference_low: band.low, reference_high: band.high })}
          {inBand(observation.value, band) && ' (این جواب)'}
        </li>
      ))}
    </ul>
  );
}

/** A flag in words, unless nothing judged the value (no range, no word from the lab): then none of ours. */
const Flag = ({ of }: { of: Pick<Observation, 'flag' | 'flag_source'> }) => (of.flag_source === 'none' ? null : <FlagBadge flag={of.flag} />);

function Value({ observation }: { observation: Pick<Observation, 'value'> }) {
  const { value } = observation;
  // «≤۲» reads left to right like the number it bounds.
  return (
    <bdi dir={typeof value === 'number' ? 'rtl' : /^[<>≤≥]/.test(value) ? 'ltr' : 'auto'} className="tabular-nums" data-value>
      {formatLabValue(observation.value)}
    </bdi>
  );
}

/** What the test is, what its value may mean (the side of the flag first), and when to see a doctor; closed at first, open without script. */
function Explanation({ observation }: { observation: Observation }) {
  const explanation = observation.explanation;
  if (!explanation) return null;
  const sides = [
    ...(explanation.low ? [{ key: 'low', title: 'اگر پایین باشد', text: explanation.low }] : []),
    ...(explanation.high ? [{ key: 'high', title: 'اگر بالا باشد', text: explanation.high }] : []),
  ];
  if (!isLowFlag(observation.flag)) sides.reverse();
  return (
    <details className="results-explanation group rounded-xl bg-page">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 font-bold text-brand">
        <svg viewBox="0 0 24 24" className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="m6 9 6 6 6-6" />
        </svg>
        این آزمایش چیست؟<span className="sr-only"> ({explanation.title})</span>
      </summary>
      <div className="flex flex-col gap-2 px-3 pb-3 text-sm leading-7">
        <p>{explanation.summary}</p>
        {sides.map((side) => (
          <p key={side.key}>
            <strong>{side.title}:</strong> {side.text}
          </p>
        ))}
        <p>
          <strong>چه وقت با پزشک مشورت کنید:</strong> {explanation.see_doctor}
        </p>
      </div>
    </details>
  );
}

/** A part of an observation (blood pressure's systolic): its name, value, unit, flag and range on one line. */
function ComponentRow({ component }: { component: ObservationComponent }) {
  const range = rangeText(component);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-component={component.code}>
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <Folded text={component.name} />
      </span>
      <span className="text-base font-black">
        <Value observation={component} />
      </span>
      {component.unit && (
        <bdi dir="ltr" className="text-muted">
          {displayUnit(component.unit)}
        </bdi>
      )}
      <Flag of={component} />
      {range && (
        <span className="text-muted">
          محدودهٔ طبیعی: <Folded text={range} />
        </span>
      )}
    </li>
  );
}

/** One value on screen: its names, the value and flag, the range in words and as a bar, its trend and explanation. */
function ObservationItem({ observation, id, collectedAt }: { observation: Observation; id: string; collectedAt: string }) {
  const name = displayName(observation);
  const range = rangeText(observation);
  const critical = isCriticalFlag(observation.flag);
  return (
    <li
      aria-labelledby={`${id}-name`}
      className={`flex flex-col gap-3 border-line p-3 sm:p-4 ${critical ? 'border-s-4 border-s-danger bg-danger/5' : ''}`}
      data-observation={observation.code}
    >
      <div className="grid items-start gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="min-w-0">
          <h4 id={`${id}-name`} className="font-bold [overflow-wrap:anywhere]">
            {name.length > FOLD ? `${name.slice(0, FOLD - 20)}…` : name}
          </h4>
          {(name.length > FOLD || labNameBeside(observation, name)) && (
            <p className="text-sm text-muted [overflow-wrap:anywhere]">
              <Folded text={observation.name} />
            </p>
          )}
        </div>
        {observation.value !== '' && (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <>
              <span className={String(observation.value).length > 24 ? 'font-bold' : 'text-xl font-black'}>
                <Value observation={observation} />
              </span>
              {observation.unit && (
                <bdi dir="ltr" className="text-sm text-muted">
                  {displayUnit(observation.unit)}
                </bdi>
              )}
              <Flag of={observation} />
            </>
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-1 empty:hidden">
          {observation.value !== '' && (
            <p className="text-sm [overflow-wrap:anywhere]">
              <span className="text-muted">محدودهٔ طبیعی: </span>
              {range ? <Folded text={range} /> : 'ندارد'}
            </p>
          )}
          <Bands observation={observation} />
          <RangeBar observation={observation} />
        </div>
      </div>
      {observation.components && (
        <ul className="flex flex-col gap-2 border-s-2 border-line ps-3" aria-label={`اجزای ${name}`}>
          {observation.components.map((component) => (
            <ComponentRow key={component.code} component={component} />
          ))}
        </ul>
      )}
      <TrendChart observation={observation} name={name} collectedAt={collectedAt} id={`${id}-trend`} />
      <Explanation observation={observation} />
    </li>
  );
}

const cell = 'border-b border-line px-2 py-1.5 align-top';

/** On paper: one row per value, the flag in words. */
function PanelTable({ panel }: { panel: Panel }) {
  return (
    <table className="results-table hidden w-full border-collapse text-sm">
      <thead>
        <tr>
          <th scope="col" className={`${cell} text-start`}>
            آزمایش
          </th>
          <th scope="col" className={`${cell} text-start`}>
            نتیجه
          </th>
          <th scope="col" className={`${cell} text-start`}>
            واحد
          </th>
          <th scope="col" className={`${cell} text-start`}>
            محدودهٔ طبیعی
          </th>
          <th scope="col" className={`${cell} text-start`}>
            وضعیت
          </th>
        </tr>
      </thead>
      <tbody>
        {panel.observations.flatMap((observation) => {
          const name = displayName(observation);
          // A group's parts are rows after it, their names set in.
          return [observation, ...(observation.components ?? [])].map((row, part) => {
            const direction = FLAG_DIRECTIONS[row.flag];
            return (
              <tr key={`${observation.code} ${part}`} data-flag={row.flag}>
                <th scope="row" className={`${cell} text-start font-normal ${part ? 'ps-5' : ''}`}>
                  {part ? row.name : name}
                  {!part && labNameBeside(observation, name) && (
                    <span className="block text-xs">
                      <LabName observation={observation} />
                    </span>
                  )}
                </th>
                <td className={`${cell} font-bold`}>
                  <Value observation={row} />
                </td>
                <td className={cell}>
                  <bdi dir="ltr">{displayUnit(row.unit)}</bdi>
                </td>
                <td className={cell}>
                  <bdi dir="auto">{rangeText(row) ?? '—'}</bdi>
                  {!part &&
                    observation.reference_bands?.map((band) => (
                      <span key={band.name} className="block text-xs">
                        <bdi dir="auto">{band.name}</bdi>: {rangeText({ reference_low: band.low, reference_high: band.high })}
                      </span>
                    ))}
                </td>
                <td className={`${cell} ${row.flag === 'normal' ? '' : 'font-bold'}`}>
                  {row.value === '' || row.flag_source === 'none' ? '—' : FLAG_LABELS[row.flag]}
                  {row.value !== '' && direction && ` (${direction})`}
                </td>
              </tr>
            );
          });
        })}
      </tbody>
    </table>
  );
}

function PanelSection({ panel, index, collectedAt }: { panel: Panel; index: number; collectedAt: string }) {
  const id = `panel-${index}`;
  const outside = panel.observations.filter((observation) => observation.flag !== 'normal').length;
  return (
    <section aria-labelledby={id} className="results-panel flex flex-col gap-2">
      <h3 id={id} className="flex flex-wrap items-baseline gap-x-3 text-lg font-bold">
        {panel.name}
        <span className="text-sm font-normal text-muted">
          {toPersianDigits(panel.observations.length)} آزمایش
          {outside > 0 && `، ${toPersianDigits(outside)} خارج از محدوده`}
        </span>
      </h3>
      <ul className="results-items flex flex-col divide-y divide-line overflow-hidden rounded-xl border border-line">
        {panel.observations.map((observation, position) => (
          <ObservationItem key={observation.code} observation={observation} id={`${id}-${position}`} collectedAt={collectedAt} />
        ))}
      </ul>
      <PanelTable panel={panel} />
    </section>
  );
}

/** The words at the end of every result: what the explanations are, and what to do about a critical value. */
export function Disclaimer({ phone }: { phone?: string | undefined }) {
  return (
    <aside aria-labelledby="results-disclaimer" className="results-disclaimer flex flex-col gap-1 rounded-xl border border-line bg-page p-3 text-sm leading-7">
      <h3 id="results-disclaimer" className="font-bold">
        پیش از هر برداشتی
      </h3>
      <p>
        توضیح‌های این صفحه کلی‌اند و تشخیص پزشکی نیستند. فقط پزشک شما می‌تواند جواب را با توجه به سابقه و حال شما تفسیر کند؛ مقدار کمی بیرون از محدوده
        همیشه نشانهٔ بیماری نیست.
      </p>
      <p className="font-bold">
        اگر مقداری «بحرانی» است، همین حالا با پزشک خود یا بیمارستان تماس بگیرید
        {phone && (
          <>
            {' '}
            (تلفن: <bdi dir="ltr">{toPersianDigits(phone)}</bdi>)
          </>
        )}
        .
      </p>
    </aside>
  );
}

export interface ResultDocumentProps {
  result: TestResult | SharedTestResult;
  /** The patient as this viewer may see them: the name, or masked on a share link. */
  patient: string;
}

/** The result's content, from the hospital's name to the disclaimer. */
export function ResultDocument({ result, patient }: ResultDocumentProps) {
  const key = 'key' in result ? result.key : undefined;
  return (
    <article aria-labelledby="results-issuer" className="results-document print-document flex min-w-0 flex-col gap-5 rounded-2xl border border-line bg-card p-4 sm:p-6" data-result={key}>
      <DocumentHeader
        titleId="results-issuer"
        issuer={result.issuer}
        kind="جواب آزمایش"
        number={key}
        status={<StatusChip status={result.status} label={STATUS_LABELS[result.status]} tone={STATUS_TONES[result.status]} />}
      />
      <Facts className="results-facts">
        <Fact term="بیمار">
          <span data-result-patient>{patient || '—'}</span>
        </Fact>
        <Fact term="کد پذیرش">
          <bdi dir="ltr">{result.reception_code}</bdi>
        </Fact>
        <Fact term="آزمایشگاه">{result.lab}</Fact>
        {result.ordered_by && <Fact term="پزشک درخواست‌کننده">{result.ordered_by.name}</Fact>}
        <Fact term="نمونه‌گیری">
          <time dateTime={result.collected_at}>{(result.collected_date_only ? formatJalaliDate : formatJalaliDateTime)(result.collected_at)}</time>
        </Fact>
        {result.reported_at && (
          <Fact term="گزارش">
            <time dateTime={result.reported_at}>{(result.reported_date_only ? formatJalaliDate : formatJalaliDateTime)(result.reported_at)}</time>
          </Fact>
        )}
      </Facts>
      {result.critical_count > 0 && (
        <p className="results-critical flex items-start gap-2 rounded-xl border-2 border-danger bg-danger/10 p-3 font-bold leading-7 text-danger" data-critical-alert>
          <svg viewBox="0 0 24 24" className="mt-1 size-5 shrink-0" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 3 2 21h20L12 3zM12 10v5M12 18h.01" />
          </svg>
          <span>
            {toPersianDigits(result.critical_count)} مقدار بحرانی در این جواب هست. همین حالا با پزشک خود یا بیمارستان تماس بگیرید
            {result.issuer.phone && (
              <>
                {' '}
                (تلفن: <bdi dir="ltr">{toPersianDigits(result.issuer.phone)}</bdi>)
              </>
            )}
            .
          </span>
        </p>
      )}
      {result.status === 'pending' && <p className="rounded-xl bg-page p-3 leading-7">نمونهٔ شما گرفته شده و آزمایشگاه هنوز جوابی ثبت نکرده است. وقتی جواب بیاید، پیامکش را می‌گیرید.</p>}
      {result.status === 'partial' && <p className="rounded-xl bg-page p-3 text-sm leading-7">این جواب کامل نیست: بخشی از آزمایش‌ها هنوز در کار است و جواب آن‌ها هم همین‌جا می‌آید.</p>}
      {result.panels.map((panel, index) => (
        <PanelSection key={panel.name} panel={panel} index={index} collectedAt={result.collected_at} />
      ))}
      {result.panels.length > 0 && <Disclaimer phone={result.issuer.phone} />}
    </article>
  );
}
