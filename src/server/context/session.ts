/**
 * The shared kernel (docs/architecture.md): what every module knows of the caller and of the data
 * versions the catalogue's caches are kept by. Types only, so no module depends on auth for them.
 */

/** The logged-in user as the session's statement read them. */
export interface SessionUser {
  id: number;
  uuid: string;
  name: string;
  roles: string[];
  relationId: number | null;
  langcode: string;
  active: boolean;
  /** The price list of the user's relation while that relation is active; null otherwise. */
  pricelist: string | null;
}

/**
 * Change counters of the data the catalogue keeps in memory (db/schema/system.ts): read with the
 * session, in the statement every request runs anyway, so that an answer put together from
 * remembered parts needs no statement of its own to know they are current.
 */
export interface DataVersions {
  /** Products, variations, categories (the `catalogue` counter, db/data-counters.ts). */
  catalog: number;
  /** Prices and images (the `offers` counter). */
  offers: number;
  /** Stock levels, expected dates and backorder flags (the `stock` counter, decision 030). */
  stock: number;
  /** The favourites and quotes of the user's relation (relation_versions; 0 without one). */
  relation: number;
}

/**
 * How long a session may live (decision 015). `remember` is the login's 'Remember me': true, the
 * cookie lasts up to the absolute lifetime; false, the cookie ends with the browser and the
 * session after a short idle time; null (a client that does not send it), as before the field
 * existed: the idle lifetime, with a cookie that expires when that first runs out. `startedAt`
 * is the login the absolute lifetime counts from.
 */
export interface SessionLifetime {
  remember: boolean | null;
  startedAt: Date;
}

/** The session of a request. */
export interface ActiveSession {
  id: string;
  csrfToken: string;
  masqueradeFromUserId: number | null;
  user: SessionUser;
  /** The catalogue caches' data versions as the session's statement read them (see DataVersions). */
  versions: DataVersions;
  /** What a session that follows this one (a masquerade, switching back) keeps of it. */
  lifetime: SessionLifetime;
}
