import { Suspense } from 'react';
import { Await } from 'react-router';
import { type ResortSettings, settingsLimits } from '../../../shared/resort-settings';
import { type ResortSettingsInput, resortSettingsInputSchema } from '../../../shared/resort-settings-schema';
import { teamLimits } from '../../../shared/team-limits';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useFetcherForm } from '../use-fetcher-form';

/** What the form edits: every setting as the text staff type (empty clears an optional one). */
interface SettingsFormValues {
  resortName: string;
  timeZone: string;
  bungalows: string;
  promptPayId: string;
  promptPayName: string;
  publicUrl: string;
  staffLockMinutes: number;
  cashFloat: number;
  stockCoverDays: number;
  // Guests' personal data (fifth stage)
  guestDataDays: number;
}

/** The float as typed on a keypad: empty is 0 baht; anything else not a number fails the schema's check. */
const toCashFloat = (value: unknown) => {
  const text = String(value ?? '').trim();
  return text === '' ? 0 : Number(text);
};

const fieldNames: ReadonlySet<string> = new Set([
  'resortName',
  'timeZone',
  'bungalows',
  'promptPayId',
  'promptPayName',
  'publicUrl',
  'staffLockMinutes',
  'cashFloat',
  'stockCoverDays',
  // Guests' personal data (fifth stage)
  'guestDataDays',
]);

/** The browser's IANA zones (every current browser has the list), with the stored one kept if it is an alias. */
function timeZoneOptions(current: string): string[] {
  const zones: string[] =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [current];
  return zones.includes(current) ? zones : [current, ...zones];
}

export function SettingsForm({ settings }: { settings: Promise<ResortSettings> }) {
  const { a } = useAdminI18n();
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={settings} errorElement={<LoadFailed what={a.theSettings} />}>
        {(loaded) => <SettingsFields settings={loaded} />}
      </Await>
    </Suspense>
  );
}

function SettingsFields({ settings }: { settings: ResortSettings }) {
  const { a } = useAdminI18n();
  const { form, save, pending } = useFetcherForm<SettingsFormValues, ResortSettingsInput>({
    schema: resortSettingsInputSchema,
    defaultValues: {
      resortName: settings.resortName,
      timeZone: settings.timeZone,
      bungalows: settings.bungalows,
      promptPayId: settings.promptPayId ?? '',
      promptPayName: settings.promptPayName ?? '',
      publicUrl: settings.publicUrl ?? '',
      staffLockMinutes: settings.staffLockMinutes,
      cashFloat: settings.cashFloat,
      stockCoverDays: settings.stockCoverDays,
      // Guests' personal data (fifth stage)
      guestDataDays: settings.guestDataDays,
    },
    serverFields: fieldNames,
    command: (values) => ({ intent: 'save-settings', settings: values }),
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <form onSubmit={save} noValidate aria-label={a.resortSettings} className="flex flex-col gap-5">
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label={a.resortName}
          hint={a.resortNameHint}
          autoComplete="organization"
          maxLength={settingsLimits.resortNameMax}
          {...register('resortName')}
          error={errors.resortName?.message}
        />
        <SelectField
          label={a.timeZone}
          hint={a.timeZoneHint}
          {...register('timeZone')}
          error={errors.timeZone?.message}
        >
          {timeZoneOptions(settings.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
      </div>
      <Field
        label={a.bungalowNumbers}
        hint={a.bungalowNumbersHint}
        autoComplete="off"
        {...register('bungalows')}
        error={errors.bungalows?.message}
      />
      <fieldset className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200">
        <legend className="px-1 text-lg font-bold text-slate-900">{a.payments}</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label={a.promptPayId}
            hint={a.promptPayIdHint}
            inputMode="numeric"
            autoComplete="off"
            {...register('promptPayId')}
            error={errors.promptPayId?.message}
          />
          <Field
            label={a.promptPayName}
            hint={a.promptPayNameHint}
            autoComplete="off"
            maxLength={settingsLimits.promptPayNameMax}
            {...register('promptPayName')}
            error={errors.promptPayName?.message}
          />
        </div>
        <Field
          label={a.publicAddress}
          hint={a.publicAddressHint}
          type="url"
          inputMode="url"
          autoComplete="off"
          {...register('publicUrl')}
          error={errors.publicUrl?.message}
        />
        <Field
          label={a.cashFloatLabel}
          hint={a.cashFloatHint}
          inputMode="numeric"
          autoComplete="off"
          {...register('cashFloat', { setValueAs: toCashFloat })}
          error={errors.cashFloat?.message}
        />
        <Field
          label={a.stockCoverDaysLabel}
          hint={a.stockCoverDaysHint}
          type="number"
          inputMode="numeric"
          min={settingsLimits.stockCoverDaysMin}
          max={settingsLimits.stockCoverDaysMax}
          className="max-w-xs"
          {...register('stockCoverDays', { valueAsNumber: true })}
          error={errors.stockCoverDays?.message}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200">
        <legend className="px-1 text-lg font-bold text-slate-900">{a.pageStaff}</legend>
        <Field
          label={a.staffLock}
          hint={a.staffLockHint(teamLimits.staffLockMinutesMin, teamLimits.staffLockMinutesMax)}
          type="number"
          inputMode="numeric"
          min={teamLimits.staffLockMinutesMin}
          max={teamLimits.staffLockMinutesMax}
          className="max-w-xs"
          {...register('staffLockMinutes', { valueAsNumber: true })}
          error={errors.staffLockMinutes?.message}
        />
      </fieldset>
      {/* Guests' personal data (fifth stage) */}
      <fieldset className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200">
        <legend className="px-1 text-lg font-bold text-slate-900">{a.pageGuestData}</legend>
        <Field
          label={a.guestDataDaysLabel}
          hint={a.guestDataDaysHint}
          type="number"
          inputMode="numeric"
          min={settingsLimits.guestDataDaysMin}
          max={settingsLimits.guestDataDaysMax}
          className="max-w-xs"
          {...register('guestDataDays', { valueAsNumber: true })}
          error={errors.guestDataDays?.message}
        />
      </fieldset>
      <div>
        <Button type="submit" pending={pending}>
          {a.saveSettings}
        </Button>
      </div>
    </form>
  );
}
