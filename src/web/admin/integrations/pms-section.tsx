import { type FormEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import type {
  PmsConnection,
  PmsMappingProposal,
  PmsMappings,
  PmsRoomOption,
  PmsTestAnswer,
} from '../../../shared/pms-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';

const cloudbedsUrl = 'https://api.cloudbeds.com/api/v1.3';

/**
 * The PMS connection (docs/pms.md): kind, URL, property and API key (shown only as set), a test that shows
 * what the PMS answered, and the bungalow → room and drink → item mappings, proposed by the server from the
 * PMS's rooms and corrected here by hand.
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
  const [apiUrl, setApiUrl] = useState(connection?.apiUrl ?? cloudbedsUrl);
  const [propertyId, setPropertyId] = useState(connection?.propertyId ?? '');
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<PmsTestAnswer | null>(null);
  const [rooms, setRooms] = useState(mappings.rooms);
  const [items, setItems] = useState(mappings.items);
  const [options, setOptions] = useState<PmsRoomOption[]>([]);

  useActionResult(fetcher, (result) => {
    if (!result.ok) {
      if (result.intent === 'save-pms') {
        const found: Record<string, string> = {};
        for (const issue of result.issues) found[issue.path.split('.')[0] ?? 'apiKey'] ??= issue.message;
        if (result.issues.length === 0) found.apiKey = result.message;
        setErrors(found);
      } else setAnswer({ ok: false, message: result.message });
      return;
    }
    if (result.intent === 'save-pms') {
      setErrors({});
      setApiKey('');
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
    submit({
      intent: 'save-pms',
      pms: {
        kind: 'cloudbeds',
        apiUrl: apiUrl.trim(),
        propertyId: propertyId.trim() || null,
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      },
    });
  };
  const drinkName = (id: number) => drinks.find((d) => d.id === id)?.drinkName ?? `#${id}`;
  const pending = fetcher.state !== 'idle';

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-600">{a.pmsIntro}</p>
      <form onSubmit={save} noValidate className="flex flex-col gap-3" aria-label={a.pmsSection}>
        <p>
          {a.pmsKind}: <strong>Cloudbeds</strong>
        </p>
        <Field
          label={a.pmsApiUrl}
          type="url"
          autoComplete="off"
          value={apiUrl}
          error={errors.apiUrl}
          onChange={(event) => setApiUrl(event.target.value)}
        />
        <Field
          label={a.pmsPropertyId}
          autoComplete="off"
          value={propertyId}
          error={errors.propertyId}
          onChange={(event) => setPropertyId(event.target.value)}
        />
        <Field
          label={a.pmsApiKey}
          hint={connection?.apiKeySet ? a.pmsApiKeySet : undefined}
          type="password"
          autoComplete="off"
          value={apiKey}
          error={errors.apiKey}
          onChange={(event) => setApiKey(event.target.value)}
        />
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
