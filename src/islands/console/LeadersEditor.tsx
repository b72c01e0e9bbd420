/**
 * A client's leaders (docs/product.md §19.13), as the Leadership tab
 * lists them: added, edited in place and saved, or deleted after a
 * confirmation, with their headshots by address.
 */
import { useState } from 'react';
import { CONSOLE_MESSAGES } from '../../lib/console.ts';
import type { LeaderEditRecord } from '../../lib/console-records.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import LoadFailed from '../LoadFailed.tsx';
import { useServerRead } from '../use-server-read.ts';
import PublishProgress, { saveMoment } from './PublishProgress.tsx';
import RecordForm, { type SaveOutcome } from './RecordForm.tsx';
import RowActions from './RowActions.tsx';
import { labelsOf } from './server-reasons.ts';
import { LEADER_FIELDS, toFormValues, toPayload, type FormValues } from './record-fields.ts';
import { ConsoleError, createLeader, deleteLeader, listLeaders, updateLeader } from './console-api.ts';

const failure = (error: unknown, reload?: () => void): SaveOutcome => {
  const consoleError = error instanceof ConsoleError ? error : new ConsoleError(null, null);
  return {
    error: consoleError.describe(CONSOLE_MESSAGES.leaders.saveFailed, labelsOf(LEADER_FIELDS)),
    ...(consoleError.stale && reload && { reload }),
  };
};

export default function LeadersEditor({ symbol }: { symbol: string }) {
  const read = useServerRead('client leaders', symbol, listLeaders);
  // While the list is read again (after a save), the last one stays on screen.
  const leaders = read.latest;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const load = read.retry;

  const done = () => {
    setSavedAt(saveMoment());
    showSnackbar(CONSOLE_MESSAGES.leaders.saved, 'success');
  };

  const add = async (values: FormValues) => {
    try {
      await createLeader(symbol, toPayload(LEADER_FIELDS, values, null));
      setAdding(false);
      done();
      load();
      return null;
    } catch (error) {
      return failure(error);
    }
  };

  const save = async (leader: LeaderEditRecord, values: FormValues) => {
    const body = toPayload(LEADER_FIELDS, values, toFormValues(LEADER_FIELDS, leader));
    if (Object.keys(body).length === 0) {
      setEditing(null);
      return null;
    }
    try {
      await updateLeader(leader.id, leader.version, body);
      setEditing(null);
      done();
      load();
      return null;
    } catch (error) {
      return failure(error, () => {
        setEditing(null);
        load();
      });
    }
  };

  const remove = async (leader: LeaderEditRecord) => {
    try {
      await deleteLeader(leader.id, leader.version);
      setSavedAt(saveMoment());
      showSnackbar(CONSOLE_MESSAGES.leaders.deleted, 'success');
    } catch (error) {
      showSnackbar(
        error instanceof ConsoleError ? error.describe('Failed to delete leader.') : 'Failed to delete leader.',
        'error',
      );
    }
    setConfirming(null);
    load();
  };

  return (
    <section className="card flex flex-col gap-4 p-4" aria-labelledby="leaders-heading" data-testid="leaders-editor">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="leaders-heading" className="text-xl font-bold">
          Leaders
        </h2>
        <a href={`/stocks/${symbol}/team/`} target="_blank" rel="noopener" className="text-sm text-primary underline">
          Leadership page
        </a>
        <button type="button" className="btn-primary ml-auto" onClick={() => setAdding(true)} disabled={adding}>
          Add leader
        </button>
      </div>
      <PublishProgress savedAt={savedAt} livePath={`/stocks/${symbol}/team/`} />
      {adding && (
        <div className="rounded-lg border border-line p-3" data-testid="leader-new">
          <RecordForm
            fields={LEADER_FIELDS}
            initial={toFormValues(LEADER_FIELDS, null)}
            saveLabel="Save leader"
            onSave={add}
            onCancel={() => setAdding(false)}
          />
        </div>
      )}
      {read.status === 'failed' ? (
        <LoadFailed text={CONSOLE_MESSAGES.leaders.load} onRetry={load} className="flex flex-wrap items-center gap-3" />
      ) : !leaders ? (
        <p className="text-muted">Loading leaders…</p>
      ) : leaders.length === 0 ? (
        <p className="text-muted">No leaders yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="leader-rows">
          {leaders.map((leader) => (
            <li key={leader.id} className="rounded-lg border border-line p-3" data-testid="leader-row">
              {editing === leader.id ? (
                <RecordForm
                  fields={LEADER_FIELDS}
                  initial={toFormValues(LEADER_FIELDS, leader)}
                  saveLabel="Save leader"
                  onSave={(values) => save(leader, values)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                  {leader.headshot_url ? (
                    <img
                      src={leader.headshot_url}
                      alt=""
                      width="48"
                      height="48"
                      className="h-12 w-12 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="grid h-12 w-12 place-items-center rounded-full bg-surface-2 font-bold"
                    >
                      {leader.name.slice(0, 1)}
                    </span>
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{leader.name}</p>
                    <p className="text-sm text-muted">{leader.title}</p>
                  </div>
                  <RowActions
                    label={leader.name}
                    question={`Delete ${leader.name}?`}
                    confirming={confirming === leader.id}
                    onEdit={() => setEditing(leader.id)}
                    onAskDelete={() => setConfirming(leader.id)}
                    onDelete={() => void remove(leader)}
                    onKeep={() => setConfirming(null)}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
