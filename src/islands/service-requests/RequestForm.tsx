import { Form, getInput, setInput, useField, useForm } from '@formisch/react';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $user } from '#client/state/auth.ts';
import { notify } from '#client/toasts.ts';
import { ServiceRequestSchema } from '#lib/api/contracts/service-requests.ts';
import { addDays } from '#lib/appointments/slots.ts';
import { toTehranIsoDate } from '#lib/format/date.ts';
import { toPersianDigits } from '#lib/format/digits.ts';
import { SERVICE_CATEGORIES, type ServiceCategory } from '#lib/services/names.ts';
import { SERVICE_REQUEST_HORIZON_DAYS } from '#lib/services/requests.ts';
import { ADDRESS_MAX_LENGTH, NOTES_MAX_LENGTH } from '#lib/validation/request-text.ts';
import { $savedContacts, fileServiceRequest } from '#stores/service-requests.ts';
import { attachedFileIds, uploadsPending } from '#stores/service-requests-files.ts';
import { JalaliDateField } from '../dates/JalaliDateField.tsx';
import { PrimaryButton } from '../ui/Buttons.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { PersonFields } from '../ui/PersonFields.tsx';
import { showFormFailure } from '../ui/server-errors.ts';
import { TextAreaField } from '../ui/TextAreaField.tsx';
import { FormTextField } from '../ui/TextField.tsx';
import { useWhom, WHOM } from '../ui/whom.ts';
import { FileAttachments } from './FileAttachments.tsx';
import { REQUEST_FILED, windowLabel } from './labels.ts';
import { ServiceInfo } from './ServiceInfo.tsx';
import type { ServiceChoice } from './service-choice.ts';

/** The body's fields, as the API names them in a 422's `errors`. */
const FIELDS = ['service_id', 'phone', 'address', 'preferred_date', 'preferred_window', 'notes', 'prescription_code', 'for.first_name', 'for.last_name', 'for.international_code'];

const headingClass = 'text-lg font-bold';

/** The services grouped by category, in the catalogue's order of categories. */
function byCategory(services: readonly ServiceChoice[]): [ServiceCategory, ServiceChoice[]][] {
  return (Object.keys(SERVICE_CATEGORIES) as ServiceCategory[])
    .map((category): [ServiceCategory, ServiceChoice[]] => [category, services.filter((service) => service.category === category)])
    .filter(([, list]) => list.length > 0);
}

/** `?service=<slug>` of the address, when the catalogue has it. */
function serviceInAddress(services: readonly ServiceChoice[]): string {
  const id = new URLSearchParams(location.search).get('service');
  return services.some((service) => service.id === id) ? id! : '';
}

/** Keeps the chosen service in the address, so a reload or a shared link opens the same form. */
function writeServiceToAddress(id: string): void {
  const url = new URL(location.href);
  if (id) url.searchParams.set('service', id);
  else url.searchParams.delete('service');
  history.replaceState(history.state, '', url);
}

/** The form at first: the service of the address (and its window, when it has only one) and the account's mobile. */
function startingInput(services: readonly ServiceChoice[]) {
  const serviceId = serviceInAddress(services);
  const windows = services.find((service) => service.id === serviceId)?.windows ?? [];
  return {
    service_id: serviceId,
    phone: $user.get()?.phone_number ?? '',
    address: '',
    preferred_date: '',
    ...(windows.length === 1 ? { preferred_window: windows[0] } : {}),
    notes: '',
    prescription_code: '',
  };
}

function dayRangeHint(earliestDays: number): string {
  const horizon = toPersianDigits(SERVICE_REQUEST_HORIZON_DAYS);
  return earliestDays === 0 ? `از امروز تا ${horizon} روز آینده` : `دست‌کم ${toPersianDigits(earliestDays)} روز بعد، تا ${horizon} روز آینده`;
}

/** The request form; filing it leads to the new request's page with a toast. */
export function RequestForm({ services }: { services: readonly ServiceChoice[] }) {
  const today = toTehranIsoDate(new Date());
  const serviceSelectId = useId();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [initialInput] = useState(() => startingInput(services));

  const form = useForm({
    schema: ServiceRequestSchema,
    initialInput,
    validate: 'submit',
    revalidate: 'input',
  });
  const serviceField = useField(form, { path: ['service_id'] });
  const firstName = useField(form, { path: ['for', 'first_name'] });
  const lastName = useField(form, { path: ['for', 'last_name'] });
  const nationalCode = useField(form, { path: ['for', 'international_code'] });
  const [whom, chooseWhom] = useWhom({
    read: () => getInput(form, { path: ['for'] }),
    write: (input) => setInput(form, { path: ['for'], input }),
  });
  const phone = useField(form, { path: ['phone'] });
  const address = useField(form, { path: ['address'] });
  const day = useField(form, { path: ['preferred_date'] });
  const visitWindow = useField(form, { path: ['preferred_window'] });
  const notes = useField(form, { path: ['notes'] });
  const prescriptionCode = useField(form, { path: ['prescription_code'] });
  const savedContacts = useStore($savedContacts);
  const contacts = savedContacts.status === 'ready' ? savedContacts.data : [];

  const service = services.find((candidate) => candidate.id === serviceField.input);
  const firstDay = addDays(today, service?.earliest_days ?? 0);
  const lastDay = addDays(today, SERVICE_REQUEST_HORIZON_DAYS);

  /** A new service may not offer the chosen window or day: those are cleared (or set, when it has one window). */
  const afterServiceChange = (id: string) => {
    writeServiceToAddress(id);
    const next = services.find((candidate) => candidate.id === id);
    if (!next) return;
    if (next.windows.length === 1) visitWindow.onChange(next.windows[0]);
    else if (visitWindow.input && !next.windows.includes(visitWindow.input)) visitWindow.onChange(undefined);
    const earliest = addDays(today, next.earliest_days);
    if (day.input && day.input < earliest) day.onChange('');
  };

  const windowsId = useId();

  return (
    <Form
      of={form}
      className="flex flex-col gap-6 rounded-2xl border border-line bg-card p-4 sm:p-6"
      onSubmit={async (body) => {
        if (uploadsPending()) {
          setProblem('بارگذاری فایل‌ها هنوز تمام نشده است؛ چند لحظه صبر کنید و دوباره ثبت کنید.');
          return;
        }
        setSending(true);
        setProblem(undefined);
        try {
          const request = await fileServiceRequest({ ...body, file_ids: attachedFileIds() });
          notify.success(REQUEST_FILED);
          // The button stays busy while the browser leaves for the request's page.
          location.assign(`/sr/request/${encodeURIComponent(request.key)}`);
        } catch (error) {
          setProblem(showFormFailure(form, error, FIELDS));
          setSending(false);
        }
      }}
    >
      <section aria-labelledby="request-service" className="flex flex-col gap-4">
        <h2 id="request-service" className={headingClass}>
          خدمت
        </h2>
        <div className="flex flex-col gap-1">
          <label htmlFor={serviceSelectId} className="text-sm font-bold">
            چه خدمتی لازم دارید؟
          </label>
          <select
            {...serviceField.props}
            id={serviceSelectId}
            value={serviceField.input ?? ''}
            onChange={(event) => {
              serviceField.props.onChange(event);
              afterServiceChange(event.target.value);
            }}
            disabled={sending}
            aria-invalid={serviceField.errors ? true : undefined}
            aria-describedby={serviceField.errors ? `${serviceSelectId}-error` : undefined}
            className="min-h-12 w-full rounded-xl border border-line bg-page px-3 text-base outline-none focus:border-brand aria-invalid:border-danger disabled:opacity-60"
          >
            <option value="">انتخاب خدمت…</option>
            {byCategory(services).map(([category, list]) => (
              <optgroup key={category} label={SERVICE_CATEGORIES[category]}>
                {list.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {serviceField.errors && (
            <p id={`${serviceSelectId}-error`} className="text-sm text-danger">
              {serviceField.errors.join('، ')}
            </p>
          )}
        </div>
        {service && <ServiceInfo service={service} />}
      </section>

      <section aria-labelledby="request-patient" className="flex flex-col gap-4">
        <h2 id="request-patient" className={headingClass}>
          بیمار
        </h2>
        <ChoiceGroup name="request-whom" legend="خدمت برای چه کسی است؟" options={WHOM} value={whom} onChange={chooseWhom} disabled={sending} />
        {whom === 'other' && (
          <div className="grid gap-3 sm:grid-cols-3">
            <PersonFields firstName={firstName} lastName={lastName} nationalCode={nationalCode} disabled={sending} />
          </div>
        )}
      </section>

      <section aria-labelledby="request-contact" className="flex flex-col gap-4">
        <h2 id="request-contact" className={headingClass}>
          تماس و نشانی
        </h2>
        {contacts.length > 0 && (
          <fieldset className="flex flex-col gap-2" disabled={sending}>
            <legend className="mb-1 text-sm font-bold">نشانی‌های درخواست‌های قبلی شما</legend>
            <div className="flex flex-col gap-2">
              {contacts.map((contact) => {
                const chosen = contact.address === address.input && contact.phone === phone.input;
                return (
                  <button
                    key={`${contact.phone}|${contact.address}`}
                    type="button"
                    aria-pressed={chosen}
                    className="flex min-h-11 flex-col items-start gap-0.5 rounded-xl border border-line px-3 py-2 text-start hover:bg-page aria-pressed:border-brand aria-pressed:bg-brand/10"
                    onClick={() => {
                      phone.onChange(contact.phone);
                      address.onChange(contact.address);
                    }}
                  >
                    <span className="font-bold [overflow-wrap:anywhere]">{contact.address}</span>
                    <span className="text-sm text-muted">
                      تلفن: <bdi dir="ltr">{toPersianDigits(contact.phone)}</bdi>
                    </span>
                  </button>
                );
              })}
            </div>
            <p className="text-sm text-muted">با یک لمس، نشانی و شمارهٔ تماس در فرم نوشته می‌شود؛ می‌توانید آن را ویرایش کنید.</p>
          </fieldset>
        )}
        <FormTextField
          field={phone}
          label="شمارهٔ تماس"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          disabled={sending}
          hint="موبایل، یا تلفن ثابت با پیش‌شمارهٔ شهر (مثل ۰۲۱۸۸۷۷۶۶۵۵)؛ برای هماهنگی با همین شماره تماس می‌گیریم."
        />
        <TextAreaField
          {...address.props}
          value={address.input ?? ''}
          // One line for the rule: a line break typed or pasted becomes a space.
          onChange={(event) => address.onChange(event.target.value.replace(/[\r\n]+/g, ' '))}
          label="نشانی محل خدمت"
          rows={3}
          max={ADDRESS_MAX_LENGTH}
          autoComplete="street-address"
          errors={address.errors}
          disabled={sending}
          hint="شهر، خیابان، کوچه، پلاک و واحد را به فارسی بنویسید."
        />
      </section>

      <section aria-labelledby="request-time" className="flex flex-col gap-4">
        <h2 id="request-time" className={headingClass}>
          زمان دلخواه
        </h2>
        <p className="text-sm text-muted">بیمارستان پیش از آمدن با شما تماس می‌گیرد و زمان دقیق را هماهنگ می‌کند.</p>
        <div className="flex flex-col gap-1">
          <JalaliDateField
            id="request-day"
            label="روز دلخواه"
            value={day.input ?? ''}
            onChange={day.onChange}
            min={firstDay}
            max={lastDay}
            disabled={sending || !service}
            errors={day.errors}
          />
          {!day.errors && <p className="text-sm text-muted">{service ? dayRangeHint(service.earliest_days) : 'ابتدا خدمت را انتخاب کنید.'}</p>}
        </div>
        <fieldset className="flex flex-col gap-1" disabled={sending} aria-describedby={visitWindow.errors ? `${windowsId}-error` : undefined}>
          <legend className="mb-1 text-sm font-bold">بازهٔ زمانی</legend>
          {service ? (
            <div className="grid gap-3 sm:grid-cols-3">
              {service.windows.map((key) => (
                <label
                  key={key}
                  className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-line px-3 text-center font-bold has-checked:border-brand has-checked:bg-brand/10 has-checked:text-brand has-focus-visible:outline-3 has-focus-visible:outline-brand has-disabled:opacity-60"
                >
                  <input {...visitWindow.props} type="radio" value={key} checked={visitWindow.input === key} className="sr-only" />
                  {windowLabel(key)}
                </label>
              ))}
            </div>
          ) : (
            <p className="text-sm text-muted">بازه‌های زمانی هر خدمت پس از انتخاب آن نمایش داده می‌شود.</p>
          )}
          {visitWindow.errors && (
            <p id={`${windowsId}-error`} className="text-sm text-danger">
              {visitWindow.errors.join('، ')}
            </p>
          )}
        </fieldset>
      </section>

      <section aria-labelledby="request-prescription" className="flex flex-col gap-4">
        <h2 id="request-prescription" className={headingClass}>
          نسخه
        </h2>
        <p className="text-sm text-muted">اگر پزشک نسخه داده است، کد رهگیری نسخهٔ الکترونیک را بنویسید یا از نسخهٔ کاغذی عکس بگیرید.</p>
        <FormTextField
          field={prescriptionCode}
          label="کد رهگیری نسخهٔ الکترونیک (اختیاری)"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          maxLength={64}
          disabled={sending}
          hint="کدی که پس از ثبت نسخه در پیامک یا از پزشک گرفته‌اید، مثل ۱۲۳۴۵."
        />
        <FileAttachments disabled={sending} />
      </section>

      <section aria-labelledby="request-notes" className="flex flex-col gap-4">
        <h2 id="request-notes" className={headingClass}>
          توضیحات
        </h2>
        <TextAreaField
          {...notes.props}
          value={notes.input ?? ''}
          label="توضیحات برای بیمارستان (اختیاری)"
          rows={4}
          max={NOTES_MAX_LENGTH}
          errors={notes.errors}
          disabled={sending}
          hint="مثلاً طبقه و آسانسور، بیماری‌های زمینه‌ای یا داروهایی که مصرف می‌شود."
        />
      </section>

      <FormAlert message={problem} />
      <div className="flex flex-col gap-2 sm:items-start">
        <PrimaryButton busy={sending} disabled={sending}>
          ثبت درخواست
        </PrimaryButton>
        <p className="text-sm text-muted">هزینهٔ خدمت را بیمارستان با صورت‌حساب اعلام می‌کند؛ صورت‌حساب را در صفحهٔ همین درخواست می‌بینید.</p>
      </div>
    </Form>
  );
}
