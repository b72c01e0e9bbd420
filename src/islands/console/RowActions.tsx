/**
 * A console row's actions: Edit and Delete (with anything else the row
 * offers, such as View), and after Delete the confirmation, Delete or Keep.
 */
import type { ReactNode } from 'react';

interface Props {
  /** How the buttons name the row to assistive technology ('Edit {label}'). */
  label: string;
  /** The confirmation's question ('Delete this news?'). */
  question: string;
  confirming: boolean;
  onEdit(): void;
  onAskDelete(): void;
  onDelete(): void;
  onKeep(): void;
  /** Shown before Edit (a link to the live page). */
  children?: ReactNode;
}

export default function RowActions({
  label,
  question,
  confirming,
  onEdit,
  onAskDelete,
  onDelete,
  onKeep,
  children,
}: Props) {
  if (confirming) {
    return (
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Confirm delete">
        <span className="text-sm">{question}</span>
        <button type="button" className="btn-primary" onClick={onDelete}>
          Delete
        </button>
        <button type="button" className="btn-secondary" onClick={onKeep}>
          Keep
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      <button type="button" className="btn-secondary" onClick={onEdit} aria-label={`Edit ${label}`}>
        Edit
      </button>
      <button type="button" className="btn-secondary" onClick={onAskDelete} aria-label={`Delete ${label}`}>
        Delete
      </button>
    </div>
  );
}
