import { describe, expect, it } from 'vitest'
import { challengeMatches, s256Challenge } from './pkce.ts'

describe('PKCE S256', () => {
  it('computes the challenge of RFC 7636 Appendix B', async () => {
    const challenge = await s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
    expect(challengeMatches(challenge, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true)
    expect(challengeMatches(challenge, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cN')).toBe(false)
  })
})
