import { type FormEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import type { PmsConnectionInput } from '../../../shared/pms-schemas';
import {
  type PmsConnection,
  type PmsKind,
  type PmsMappingProposal,
  type PmsMappings,
  type PmsRoomOption,
  type PmsTestAnswer,
  pmsDefaultApiUrls,
  pmsKinds,
  pmsLabels,
} from '../../../shared/pms-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';

/** The vendors' names, the same in every language. */
const kindNames = pmsLabels;

type SecretName = 'apiKey' | 'clientToken' | 'accessToken';
/** Secrets are never answered, so their inputs start empty, and are emptied again after a save. */
const noSecrets: Record<SecretName, string> = { apiKey: '', clientToken: '', accessToken: '' };

/**
 * One secret: a password input that starts empty, and a hint saying when one is stored (the server answers
 * only that); left empty, the stored one is kept.
 */
function SecretField({
  label,
  isSet,
  setHint,
  onChange,
  ...input
}: {
  label: string;
  isSet: boolean;
  setHint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      hint={isSet ? setHint : undefined}
      type="password"
      autoComplete="off"
      {...input}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The PMS connection (docs/pms.md): kind, URL, and the kind's own fields (Cloudbeds: property and API key; Mews:
 * service, tax rate code, client and access tokens), the secrets shown only as set; a test that shows what the
 * PMS answered, and the bungalow → room and drink → item mappings, proposed by the server from the PMS's rooms
 * and corrected here by hand.
 */
export function PmsSection({
  connection,
  mappings,
  drinks,
}: {
  connection: PmsConnection | null;
  mappings: PmsMappings;
  drinks: Drink[];
}) {
  const { a } = useAdminI18n();
  const fetcher = useFetcher<AdminActionResult>();
  const [kind, setKind] = useState<PmsKind>(connection?.kind ?? 'cloudbeds');
  const [apiUrl, setApiUrl] = useState(connection?.apiUrl ?? pmsDefaultApiUrls.cloudbeds);
  const [propertyId, setPropertyId] = useState(connection?.propertyId ?? '');
  const [serviceId, setServiceId] = useState(connection?.serviceId ?? '');
  const [taxCode, setTaxCode] = useState(connection?.taxCode ?? '');
  const [secrets, setSecrets] = useState(noSecrets);
  /** The connection's own secrets count as set only while its kind is the one chosen. */
  const saved = connection?.kind === kind ? connection : null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<PmsTestAnswer | null>(null);
  const [rooms, setRooms] = useState(mappings.rooms);
  const [items, setItems] = useState(mappings.items);
  const [options, setOptions] = useState<PmsRoomOption[]>([]);

  useActionResult(fetcher, (result) => {
    if (!result.ok) {
      if (result.intent === 'save-pms') {
        const found: Record<string, string> = {};
        const secret = kind === 'mews' ? 'clientToken' : 'apiKey';
        for (const issue of result.issues) found[issue.path.split('.')[0] || secret] ??= issue.message;
        if (result.issues.length === 0) found[secret] = result.message;
        setErrors(found);
      } else setAnswer({ ok: false, message: result.message });
      return;
    }
    if (result.intent === 'save-pms') {
      setErrors({});
      setSecrets(noSecrets);
    } else if (result.intent === 'test-pms') setAnswer(result.data as PmsTestAnswer);
    else if (result.intent === 'propose-pms') {
      const proposal = result.data as PmsMappingProposal;
      setRooms(proposal.rooms);
      setItems(proposal.items);
      setOptions(proposal.roomOptions);
    }
  });
  const submit = (command: Record<string, unknown>) => fetcher.submit(command as never, submitOptions());
  const save = (event: FormEvent) => {
    event.preventDefault();
    // A secret left empty keeps the stored one.
    const secret = (name: string, value: string) => (value.trim() ? { [name]: value.trim() } : {});
    const pms: PmsConnectionInput =
      kind === 'mews'
        ? {
            kind,
            apiUrl: apiUrl.trim(),
            ...(serviceId.trim() ? { serviceId: serviceId.trim() } : {}),
            taxCode: taxCode.trim() || null,
            ...secret('clientToken', secrets.clientToken),
            ...secret('accessToken', secrets.accessToken),
          }
        : {
            kind,
            apiUrl: apiUrl.trim(),
            propertyId: propertyId.trim() || null,
            ...secret('apiKey', secrets.apiKey),
          };
    submit({ intent: 'save-pms', pms });
  };
  const chooseKind = (next: PmsKind) => {
    // The URL follows the kind unless one was typed for it.
    if (apiUrl.trim() === '' || apiUrl === pmsDefaultApiUrls[kind])
      setApiUrl(connection?.kind === next ? connection.apiUrl : pmsDefaultApiUrls[next]);
    setKind(next);
    setErrors({});
  };
  /** Each kind's secrets, shown after its other fields. */
  const secretFields: Record<PmsKind, { name: SecretName; label: string; setHint: string }[]> = {
    cloudbeds: [{ name: 'apiKey', label: a.pmsApiKey, setHint: a.pmsApiKeySet }],
    mews: [
      { name: 'clientToken', label: a.pmsClientToken, setHint: a.pmsSecretSet },
      { name: 'accessToken', label: a.pmsAccessToken, setHint: a.pmsSecretSet },
    ],
  };
  const drinkName = (id: number) => drinks.find((d) => d.id === id)?.drinkName ?? `#${id}`;
  const pending = fetcher.state !== 'idle';

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-600">{a.pmsIntro}</p>
      <form onSubmit={save} noValidate className="flex flex-col gap-3" aria-label={a.pmsSection}>
        <SelectField
          label={a.pmsKind}
          value={kind}
          onChange={(event) => chooseKind(event.target.value as PmsKind)}
        >
          {pmsKinds.map((k) => (
            <option key={k} value={k}>
              {kindNames[k]}
            </option>
          ))}
        </SelectField>
        <Field
          label={a.pmsApiUrl}
          type="url"
          autoComplete="off"
          value={apiUrl}
          error={errors.apiUrl}
          onChange={(event) => setApiUrl(event.target.value)}
        />
        {kind === 'cloudbeds' ? (
          <Field
            label={a.pmsPropertyId}
            autoComplete="off"
            value={propertyId}
            error={errors.propertyId}
            onChange={(event) => setPropertyId(event.target.value)}
          />
        ) : (
          <>
            <Field
              label={a.pmsServiceId}
              hint={a.pmsServiceIdHint}
              autoComplete="off"
              value={serviceId}
              error={errors.serviceId}
              onChange={(event) => setServiceId(event.target.value)}
            />
            <Field
              label={a.pmsTaxCode}
              hint={a.pmsTaxCodeHint}
              autoComplete="off"
              value={taxCode}
              error={errors.taxCode}
              onChange={(event) => setTaxCode(event.target.value)}
            />
          </>
        )}
        {secretFields[kind].map(({ name, label, setHint }) => (
          <SecretField
            key={name}
            label={label}
            isSet={saved?.[`${name}Set`] ?? false}
            setHint={setHint}
            value={secrets[name]}
            error={errors[name]}
            onChange={(value) => setSecrets((typed) => ({ ...typed, [name]: value }))}
          />
        ))}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={pending}>
            {a.pmsSave}
          </Button>
          {connection && (
            <Button variant="secondary" pending={pending} onClick={() => submit({ intent: 'test-pms' })}>
              {a.pmsTest}
            </Button>
          )}
        </div>
        {answer && (
          <p role="status" className={answer.ok ? 'text-emerald-800' : 'text-red-800'}>
            {answer.message}
          </p>
        )}
        {connection?.health.lastError && (
          <p className="text-sm text-amber-900">{a.pmsLastError(connection.health.lastError)}</p>
        )}
      </form>
      {connection && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" pending={pending} onClick={() => submit({ intent: 'propose-pms' })}>
              {a.pmsPropose}
            </Button>
            <Button
              pending={pending}
              onClick={() => submit({ intent: 'save-pms-mappings', mappings: { rooms, items } })}
            >
              {a.pmsSaveMappings}
            </Button>
          </div>
          <h3 className="font-semibold">{a.pmsRooms}</h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {rooms.map((room) => (
              <li key={room.bungalow}>
                <Field
                  label={a.pmsRoomOf(room.bungalow)}
                  hint={room.roomName}
                  autoComplete="off"
                  value={room.roomId}
                  onChange={(event) => {
                    const roomId = event.target.value;
                    const roomName = options.find((o) => o.roomId === roomId)?.roomName ?? roomId;
                    setRooms(
                      rooms.map((r) => (r.bungalow === room.bungalow ? { ...r, roomId, roomName } : r)),
                    );
                  }}
                />
              </li>
            ))}
          </ul>
          <h3 className="font-semibold">{a.pmsItems}</h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.drinkId}>
                <Field
                  label={a.pmsItemOf(drinkName(item.drinkId))}
                  autoComplete="off"
                  value={item.itemCode}
                  onChange={(event) =>
                    setItems(
                      items.map((i) =>
                        i.drinkId === item.drinkId ? { ...i, itemCode: event.target.value } : i,
                      ),
                    )
                  }
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
