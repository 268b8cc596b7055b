import type { TFunction } from 'i18next';
import { EVENT_TEAMS_MAX, EVENT_TIME_LIMIT_MAX, EVENT_TIME_LIMIT_MIN, createEventSchema, type CreateEventRequest } from '@streethunt/shared';
import { validateFields, type IssueText, type Validation } from '../../ui/form-fields.ts';

/** The form's text fields, as typed: the times as a `datetime-local` input writes them (local time). */
export type EventFormValues = { gameId: string; name: string; startsAt: string; endsAt: string; teamCount: string; timeLimitMinutes: string };
export type EventFormField = keyof EventFormValues;

export const DEFAULT_TEAM_COUNT = 5;
const DEFAULT_LENGTH_MS = 2 * 60 * 60_000;
/** The start is now, rounded down to this many minutes, so an event made on the spot is on already. */
const START_ROUNDING_MINUTES = 5;

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as a `datetime-local` input shows it: `YYYY-MM-DDTHH:mm` in the browser's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as the API's ISO time; null for an empty or broken one. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** A new event's defaults: it starts now (rounded down), lasts two hours, five teams. */
export function defaultEventValues(now: Date, gameId: string): EventFormValues {
  const start = new Date(now);
  start.setSeconds(0, 0);
  start.setMinutes(start.getMinutes() - (start.getMinutes() % START_ROUNDING_MINUTES));
  return { gameId, name: '', startsAt: toLocalInput(start), endsAt: toLocalInput(new Date(start.getTime() + DEFAULT_LENGTH_MS)), teamCount: String(DEFAULT_TEAM_COUNT), timeLimitMinutes: '' };
}

/** The kind of problem, as named in `events.form.errors.*`. */
function issueKind(field: string, issue: Parameters<IssueText>[1], value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'required';
  if (field === 'teamCount' || field === 'timeLimitMinutes') return 'range';
  return issue.code === 'too_big' ? 'tooLong' : 'format';
}

/** A field's problem in the organiser's language: `events.form.errors.{field}.{kind}` when there is one, else `events.form.errors.{kind}`. */
function eventIssueText(t: TFunction<'studio'>): IssueText {
  return (field, issue, value) => {
    const kind = issueKind(field, issue, value);
    if (field === 'timeLimitMinutes') return t('events.form.errors.timeLimitMinutes.range', { min: EVENT_TIME_LIMIT_MIN, max: EVENT_TIME_LIMIT_MAX });
    const max = field === 'teamCount' ? EVENT_TEAMS_MAX : issue.code === 'too_big' ? Number(issue.maximum) : undefined;
    return t([`events.form.errors.${field}.${kind}`, `events.form.errors.${kind}`], { max });
  };
}

/**
 * The form checked with the call's own schema, and the one rule the schema leaves to the server: the
 * end comes after the start. A time that cannot be read goes to the schema as typed, which refuses it.
 */
export function checkEventForm(values: EventFormValues, showLeaderboard: boolean, t: TFunction<'studio'>): Validation<CreateEventRequest, EventFormField> {
  const startsAt = fromLocalInput(values.startsAt);
  const endsAt = fromLocalInput(values.endsAt);
  const count = values.teamCount.trim();
  const limit = values.timeLimitMinutes.trim();
  const request = {
    gameId: values.gameId,
    name: values.name,
    startsAt: startsAt ?? values.startsAt,
    endsAt: endsAt ?? values.endsAt,
    teamCount: count === '' ? undefined : Number(count),
    showLeaderboard,
    // Empty: the teams play until the event's end.
    timeLimitMinutes: limit === '' ? null : Number(limit),
  };
  const checked = validateFields(createEventSchema, request, eventIssueText(t));
  const endTooEarly = startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt);
  if (!endTooEarly) return checked;
  const beforeStart = t('events.form.errors.endsAt.beforeStart');
  return { ok: false, errors: checked.ok ? { endsAt: beforeStart } : { ...checked.errors, endsAt: checked.errors.endsAt ?? beforeStart } };
}
