// The simulator's database: inbounds and client_traffics rows, plus the inbound-client operations with
// 3x-ui v2.8.11's rules and exact error texts (protocols.md §1.6-1.8). No HTTP here.
import {
  clientsOf,
  DEFAULT_SNIFFING,
  defaultSettings,
  defaultStream,
  emailOf,
  idFieldFor,
  PanelMsgError,
  parseObject,
  RECORD_NOT_FOUND,
  sameEmail,
  tagFor,
  wentWrong,
  type RawClient,
  type SimInbound,
  type SimInboundSeed,
  type SimTraffic,
} from "./model";

const ONLINE_WINDOW_MS = 10_000;

export class XuiState {
  inbounds: SimInbound[] = [];
  traffics: SimTraffic[] = [];
  /** Per-client device limit by lowercased email (latest shape only; the real panel keeps it on the client record). */
  readonly limitHwid = new Map<string, number>();
  /** null until the first stats poll, like the panel's nil slice right after start. */
  private polledOnce = false;
  private nextInboundId = 1;
  private nextTrafficId = 1;
  private listeners = new Set<() => void>();

  constructor(
    seed: SimInboundSeed[] = [],
    readonly now: () => number = Date.now,
  ) {
    for (const s of seed) this.addInbound(s);
  }

  /** Called after every change to inbounds, clients or enable flags (the v2ray box reloads on it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emitChange(): void {
    for (const l of this.listeners) l();
  }

  addInbound(seed: SimInboundSeed): SimInbound {
    const id = seed.id ?? this.nextInboundId;
    this.nextInboundId = Math.max(this.nextInboundId, id + 1);
    const listen = seed.listen ?? "";
    const settings = seed.settings ?? defaultSettings(seed);
    const stream = seed.streamSettings ?? defaultStream(seed);
    const inbound: SimInbound = {
      id,
      up: 0,
      down: 0,
      total: 0,
      allTime: 0,
      remark: seed.remark ?? `${seed.protocol}-${seed.port}`,
      enable: seed.enable ?? true,
      expiryTime: 0,
      trafficReset: "never",
      lastTrafficResetTime: 0,
      listen,
      port: seed.port,
      protocol: seed.protocol,
      settings: typeof settings === "string" ? settings : JSON.stringify(settings),
      streamSettings: typeof stream === "string" ? stream : JSON.stringify(stream),
      tag: tagFor(listen, seed.port),
      sniffing: DEFAULT_SNIFFING,
    };
    this.inbounds.push(inbound);
    for (const c of clientsOf(parseObject(inbound.settings))) this.createTrafficRow(id, c);
    this.emitChange();
    return inbound;
  }

  deleteInbound(id: number): void {
    this.getInbound(id);
    this.inbounds = this.inbounds.filter((i) => i.id !== id);
    this.traffics = this.traffics.filter((t) => t.inboundId !== id);
    this.emitChange();
  }

  getInbound(id: number): SimInbound {
    const inbound = this.inbounds.find((i) => i.id === id);
    if (!inbound) throw RECORD_NOT_FOUND();
    return inbound;
  }

  clientsOf(inbound: SimInbound): RawClient[] {
    return clientsOf(parseObject(inbound.settings));
  }

  private writeClients(inbound: SimInbound, clients: RawClient[]): void {
    const settings = parseObject(inbound.settings);
    settings.clients = clients;
    inbound.settings = JSON.stringify(settings);
  }

  /** Every client of every inbound: duplicate emails are checked panel-wide (§1.6). */
  private emailTaken(email: string): boolean {
    return this.inbounds.some((i) => this.clientsOf(i).some((c) => sameEmail(emailOf(c), email)));
  }

  findClientByEmail(email: string): { inbound: SimInbound; client: RawClient } | undefined {
    for (const inbound of this.inbounds) {
      const client = this.clientsOf(inbound).find((c) => sameEmail(emailOf(c), email));
      if (client) return { inbound, client };
    }
    return undefined;
  }

  private createTrafficRow(inboundId: number, c: RawClient): void {
    this.traffics.push({
      id: this.nextTrafficId++,
      inboundId,
      enable: c.enable !== false,
      email: emailOf(c),
      up: 0,
      down: 0,
      allTime: 0,
      expiryTime: Number(c.expiryTime ?? 0),
      total: Number(c.totalGB ?? 0),
      reset: Number(c.reset ?? 0),
      lastOnline: 0,
    });
  }

  trafficRow(email: string): SimTraffic | undefined {
    return this.traffics.find((t) => sameEmail(t.email, email));
  }

  /** addClient: append `clients` to the inbound after the ID-field and duplicate-email checks. */
  addClients(inboundId: number, newClients: RawClient[], opts: { forceEnable?: boolean } = {}): void {
    const inbound = this.getInbound(inboundId);
    const field = idFieldFor(inbound.protocol);
    const seen: string[] = [];
    for (const c of newClients) {
      if (typeof c[field] !== "string" || c[field] === "") throw wentWrong("empty client ID");
      const email = emailOf(c);
      if (seen.some((e) => sameEmail(e, email)) || this.emailTaken(email)) throw wentWrong(`Duplicate email: ${email}`);
      seen.push(email);
    }
    const now = this.now();
    const stamped = newClients.map((c) => ({
      ...c,
      ...(opts.forceEnable ? { enable: true } : {}),
      created_at: now,
      updated_at: now,
    }));
    this.writeClients(inbound, [...this.clientsOf(inbound), ...stamped]);
    for (const c of stamped) this.createTrafficRow(inboundId, c);
    this.emitChange();
  }

  /** updateClient/:clientId: replace the client whose protocol ID field equals clientId (§1.7). */
  updateClient(inboundId: number, clientId: string, updated: RawClient): void {
    const inbound = this.getInbound(inboundId);
    const field = idFieldFor(inbound.protocol);
    const clients = this.clientsOf(inbound);
    const index = clients.findIndex((c) => c[field] === clientId);
    if (index < 0 || typeof updated[field] !== "string" || updated[field] === "") throw wentWrong("empty client ID");
    this.replaceClient(inbound, clients, index, updated);
  }

  replaceClient(inbound: SimInbound, clients: RawClient[], index: number, updated: RawClient): void {
    const old = clients[index] as RawClient;
    const oldEmail = emailOf(old);
    const newEmail = emailOf(updated);
    if (!sameEmail(oldEmail, newEmail) && this.emailTaken(newEmail)) throw wentWrong(`Duplicate email: ${newEmail}`);
    clients[index] = { ...updated, created_at: old.created_at, updated_at: this.now() };
    this.writeClients(inbound, clients);
    const row = this.trafficRow(oldEmail);
    if (row) {
      row.email = newEmail;
      row.enable = updated.enable !== false;
      row.total = Number(updated.totalGB ?? 0);
      row.expiryTime = Number(updated.expiryTime ?? 0);
      row.reset = Number(updated.reset ?? 0);
    }
    this.emitChange();
  }

  /** delClient: an unknown clientId is silently a success in v2.8.11; the last client cannot go. */
  deleteClient(inboundId: number, clientId: string, field?: "email"): void {
    const inbound = this.getInbound(inboundId);
    const key = field ?? idFieldFor(inbound.protocol);
    const clients = this.clientsOf(inbound);
    const matches = (c: RawClient) => (key === "email" ? sameEmail(emailOf(c), clientId) : c[key] === clientId);
    const gone = clients.filter(matches);
    if (gone.length === 0) return;
    const kept = clients.filter((c) => !matches(c));
    if (kept.length === 0) throw wentWrong("no client remained in Inbound");
    this.writeClients(inbound, kept);
    const goneEmails = gone.map(emailOf);
    this.traffics = this.traffics.filter((t) => !goneEmails.some((e) => sameEmail(e, t.email)));
    this.emitChange();
  }

  /** ClientTraffic as the API shows it: uuid/subId filled from settings, enable from the client. */
  trafficView(row: SimTraffic): Record<string, unknown> {
    const found = this.findClientByEmail(row.email);
    const c = found?.client ?? {};
    return { ...row, uuid: typeof c.id === "string" ? c.id : "", subId: typeof c.subId === "string" ? c.subId : "" };
  }

  getClientTraffic(email: string, errPrefix = "Error getting traffics."): Record<string, unknown> {
    const row = this.trafficRow(email);
    if (!row) throw new PanelMsgError(`${errPrefix} (Inbound Not Found For Email: ${email}\n)`);
    const found = this.findClientByEmail(email);
    return { ...this.trafficView(row), enable: found ? found.client.enable !== false : row.enable };
  }

  /** Zero the counters and re-enable the traffic row; the settings client's enable is left alone. */
  resetClientTraffic(email: string): void {
    const row = this.trafficRow(email);
    if (!row) throw wentWrong(`Inbound Not Found For Email: ${email}`);
    row.up = 0;
    row.down = 0;
    row.enable = true;
    this.emitChange();
  }

  /** Test hook: what Xray's stats poll would add; depletes the client when its quota is used up. */
  addTraffic(email: string, up: number, down: number): void {
    const row = this.trafficRow(email);
    if (!row) throw new Error(`simulator: no client_traffics row for ${email}`);
    row.up += up;
    row.down += down;
    row.allTime += up + down;
    row.lastOnline = this.now();
    const inbound = this.inbounds.find((i) => i.id === row.inboundId);
    if (inbound) {
      inbound.up += up;
      inbound.down += down;
      inbound.allTime += up + down;
    }
    this.polledOnce = true;
    if (row.total > 0 && row.up + row.down >= row.total && row.enable) {
      row.enable = false;
      this.emitChange();
    }
  }

  onlines(): string[] | null {
    if (!this.polledOnce) return null;
    const since = this.now() - ONLINE_WINDOW_MS;
    return this.traffics.filter((t) => t.lastOnline >= since).map((t) => t.email);
  }

  /** Clients a core should serve: enabled in settings and not depleted/expired in client_traffics. */
  activeClients(inbound: SimInbound): RawClient[] {
    return this.clientsOf(inbound).filter((c) => c.enable !== false && this.trafficRow(emailOf(c))?.enable !== false);
  }
}
