import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { connectLive, type LiveOptions } from '../live-socket.ts';
import { buildTeamView } from '../test-fixtures.ts';
import { fakeServer, renderPlayer, resetBrowserState, storePlay } from '../test-player.tsx';

vi.mock('../live-socket.ts', () => ({ connectLive: vi.fn(() => () => undefined) }));
vi.mock('../../../ui/sounds.ts', () => ({ playSound: vi.fn(), primeSounds: vi.fn() }));
vi.mock('../../../ui/map/game-map.tsx', () => ({ default: () => <div data-testid="game-map" /> }));

/** The first wait for a lazy chunk (the event code, the questions) may take a cold import. */
const LAZY = { timeout: 5000 };

/** An unnamed team of a live event, its play started, on the way from the intro to the questions. */
async function openNamingStep() {
  const server = fakeServer({ team: buildTeamView({ teamName: null }) });
  server.state.takenNames = ['The Owls'];
  storePlay(server.state.progress);
  const view = await renderPlayer();
  const note = await screen.findByTestId('event-position-note', {}, LAZY);
  fireEvent.click(screen.getByRole('button', { name: view.t('player.intro.continue') }));
  const input = await screen.findByLabelText(view.t('player.event.name.label'), {}, LAZY);
  return { ...view, server, note, input };
}

const namesSent = (server: ReturnType<typeof fakeServer>) => server.state.calls.filter((call) => call.path === '/api/event-team/name').map((call) => call.body?.name);

function submitName(input: HTMLElement, name: string) {
  fireEvent.change(input, { target: { value: name } });
  fireEvent.submit(input.closest('form')!);
}

describe('player: a live event team names itself before the questions', () => {
  beforeEach(resetBrowserState);
  afterEach(resetBrowserState);

  it('says on the intro that the organiser sees the position during the event only, then asks for the name', async () => {
    const { t, note, missing } = await openNamingStep();
    expect(note.textContent).toContain(t('player.event.positionNote'));
    expect(note.textContent).toContain(t('player.event.title', { name: 'School trip hunt' }));
    expect(screen.getByRole('heading', { name: t('player.event.name.title') })).toBeTruthy();
    // The naming step says it too, and stands before the questions.
    expect(screen.getByTestId('event-position-note')).toBeTruthy();
    expect(screen.queryByTestId('answer-input')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('refuses a bad name on the phone, shows a taken name plainly, and plays once named', async () => {
    const { t, server, input, missing } = await openNamingStep();

    submitName(input, ' O ');
    expect(await screen.findByText(t('player.event.name.tooShort', { min: 2 }))).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    submitName(input, 'x'.repeat(31));
    expect(await screen.findByText(t('player.event.name.tooLong', { max: 30 }))).toBeTruthy();
    submitName(input, '<b>Owls</b>');
    expect(await screen.findByText(t('player.event.name.chars'))).toBeTruthy();
    // Names that show no letter, hide fillers or stack marks: the same rule the server keeps, each said.
    submitName(input, '. ..');
    expect(await screen.findByText(t('player.event.name.noLetter'))).toBeTruthy();
    submitName(input, 'Owls\u3164');
    expect(await screen.findByText(t('player.event.name.invisible'))).toBeTruthy();
    submitName(input, `O${'\u0301'.repeat(20)}wls`);
    expect(await screen.findByText(t('player.event.name.marks'))).toBeTruthy();
    expect(namesSent(server)).toEqual([]);

    submitName(input, '  The Owls ');
    expect(await screen.findByText(t('player.event.name.taken'))).toBeTruthy();
    expect(namesSent(server)).toEqual(['The Owls']);
    expect(screen.queryByTestId('answer-input')).toBeNull();

    // Typing again clears the message.
    fireEvent.change(input, { target: { value: 'Night Owls' } });
    expect(screen.queryByText(t('player.event.name.taken'))).toBeNull();
    fireEvent.submit(input.closest('form')!);
    expect(await screen.findByTestId('answer-input', {}, LAZY)).toBeTruthy();
    expect(server.state.team?.teamName).toBe('Night Owls');
    expect(screen.queryByTestId('team-naming')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('lets the team play on unnamed when there is no network to save the name', async () => {
    const { t, server, input } = await openNamingStep();
    server.state.down = true;
    submitName(input, 'Night Owls');
    const offline = await screen.findByTestId('team-naming-offline');
    expect(offline.textContent).toContain(t('player.event.name.offline'));
    fireEvent.click(screen.getByRole('button', { name: t('player.event.name.later') }));
    expect(await screen.findByTestId('answer-input', {}, LAZY)).toBeTruthy();
  });

  it('moves on to the questions when another phone of the team names it', async () => {
    await openNamingStep();
    const live = vi.mocked(connectLive).mock.calls.at(-1)?.[0] as LiveOptions;
    act(() => live.onTeamView?.(buildTeamView({ teamName: 'Night Owls' })));
    expect(await screen.findByTestId('answer-input', {}, LAZY)).toBeTruthy();
    expect(screen.queryByTestId('team-naming')).toBeNull();
  });
});
