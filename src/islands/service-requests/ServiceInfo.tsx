import { formatRial } from '#lib/format/number.ts';
import type { ServiceChoice } from './service-choice.ts';

function priceText({ price_min_rial: min, price_max_rial: max }: ServiceChoice): string {
  if (min === max) return min === 0 ? 'رایگان' : formatRial(min);
  return `${formatRial(min)} تا ${formatRial(max)}`;
}

/** The chosen service in short: what it is, the usual price, how soon, the areas served and what to have ready. */
export function ServiceInfo({ service }: { service: ServiceChoice }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-page p-4" data-service-info>
      <p className="leading-7">{service.summary}</p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted">هزینهٔ معمول</dt>
          <dd className="font-bold" data-price>
            {priceText(service)}
          </dd>
          {service.price_note && <dd className="text-muted">{service.price_note}</dd>}
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted">چه زود انجام می‌شود</dt>
          <dd className="font-bold">{service.lead_time}</dd>
        </div>
        {service.areas.length > 0 && (
          <div className="flex flex-col gap-0.5 sm:col-span-2">
            <dt className="text-muted">محدودهٔ خدمت</dt>
            <dd>{service.areas.join('؛ ')}</dd>
          </div>
        )}
      </dl>
      {service.prepare.length > 0 && (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-bold">آماده کنید</p>
          <ul className="list-disc ps-5 leading-7">
            {service.prepare.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-muted">مبلغ نهایی در صورت‌حساب بیمارستان می‌آید.</p>
    </div>
  );
}
