/**
 * The demo data of fixtures/default.json as a module, so bundlers can carry it into the browser entry
 * (no file system there) and Node can import it without reading a file.
 */

import fixtures from '../fixtures/default.json' with { type: 'json' }
import type { Fixtures } from './core/fixtures/load-fixtures.ts'

// The JSON's inferred type widens enums (role: string); loadFixtures validates the document against the
// fixture schema at start, so the cast only names what that check enforces.
export const defaultFixtures = fixtures as Fixtures

/** Where defaultFixtures came from, for FixtureError messages. */
export const DEFAULT_FIXTURES_SOURCE = 'fixtures/default.json'
