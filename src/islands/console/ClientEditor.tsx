/**
 * A client's own fields (docs/product.md §19.11): company name, contract, assigned
 * specialist, active, and the disclosure in rich text, saved with 'Update'.
 * The SNS topic is only said to be set or not. Turning a client on or off
 * changes its public pages at the rebuild the save starts.
 */
import { useState } from 'react';
import { CONSOLE_MESSAGES } from '../../lib/console.ts';
import type { ClientRecord, SpecialistRecord } from '../../lib/console-records.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import PublishProgress, { saveMoment } from './PublishProgress.tsx';
import RecordForm from './RecordForm.tsx';
import { labelsOf } from './server-reasons.ts';
import { toFormValues, toPayload, type FieldSpec, type FormValues } from './record-fields.ts';
import { ConsoleError, getClient, updateClient } from './console-api.ts';

interface Props {
  client: ClientRecord;
  specialists: SpecialistRecord[];
  onSaved(client: ClientRecord): void;
}

function clientFields(specialists: SpecialistRecord[]): FieldSpec[] {
  return [
    { key: 'companyName', label: 'Company name', kind: 'text', required: true, maxLength: 200 },
    { key: 'contract', label: 'Contract', kind: 'text', maxLength: 200 },
    {
      key: 'assignedSpecialistId',
      label: 'Assigned specialist',
      kind: 'select',
      options: [
        { value: '', label: 'None' },
        ...specialists.map((s) => ({ value: String(s.id), label: `${s.name}, ${s.title}` })),
      ],
    },
    { key: 'active', label: 'Active client', kind: 'checkbox' },
    { key: 'disclosure', label: 'Disclosure', kind: 'html' },
  ];
}

export default function ClientEditor({ client, specialists, onSaved }: Props) {
  const fields = clientFields(specialists);
  const [form, setForm] = useState(0);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const save = async (values: FormValues) => {
    const body = toPayload(fields, values, toFormValues(fields, client));
    if ('assignedSpecialistId' in body) {
      body.assignedSpecialistId = body.assignedSpecialistId ? Number(body.assignedSpecialistId) : null;
    }
    if (Object.keys(body).length === 0) return null;
    try {
      const updated = await updateClient(client.company_symbol, client.version, body);
      onSaved(updated);
      setSavedAt(saveMoment());
      showSnackbar(`${updated.companyName} updated.`, 'success');
      return null;
    } catch (error) {
      const consoleError = error instanceof ConsoleError ? error : new ConsoleError(null, null);
      return {
        error: consoleError.describe(CONSOLE_MESSAGES.clients.update, labelsOf(fields)),
        ...(consoleError.stale && {
          reload: () =>
            void getClient(client.company_symbol).then((fresh) => {
              onSaved(fresh);
              setForm((n) => n + 1);
            }),
        }),
      };
    }
  };

  return (
    <section className="card flex flex-col gap-4 p-4" aria-labelledby="client-heading" data-testid="client-editor">
      <div className="flex flex-wrap items-center gap-3">
        {client.Company.logo && (
          <img src={client.Company.logo} alt="" width="40" height="40" className="h-10 w-10 rounded object-cover" />
        )}
        <h2 id="client-heading" className="text-xl font-bold">
          {client.companyName} ({client.company_symbol})
        </h2>
        <a
          href={`/stocks/${client.company_symbol}/`}
          target="_blank"
          rel="noopener"
          className="text-sm text-primary underline"
        >
          Public page
        </a>
        <span className="ml-auto text-sm text-muted" data-testid="topic-arn">
          News alert topic: {client.topicArnSet ? 'set' : 'not set'}
        </span>
      </div>
      <RecordForm
        key={form}
        fields={fields}
        initial={toFormValues(fields, client)}
        saveLabel="Update"
        onSave={save}
        onCancel={() => setForm((n) => n + 1)}
      />
      <PublishProgress savedAt={savedAt} livePath={`/stocks/${client.company_symbol}/`} />
    </section>
  );
}
