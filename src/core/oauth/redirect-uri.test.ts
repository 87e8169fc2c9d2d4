import { describe, expect, it } from 'vitest'
import { isRegisteredRedirectUri, withQueryParameters } from './redirect-uri.ts'

describe('isRegisteredRedirectUri', () => {
  const registered = ['http://127.0.0.1:5173/auth/callback', 'https://app.example/cb?tenant=7']

  it.each([
    { given: 'http://127.0.0.1:5173/auth/callback', want: true },
    { given: 'https://app.example/cb?tenant=7', want: true },
    { given: 'http://127.0.0.1:5173/auth/callback/', want: false },
    { given: 'http://127.0.0.1:5173/AUTH/callback', want: false },
    { given: 'https://app.example/cb', want: false },
    { given: 'https://app.example/cb?tenant=7&x=1', want: false },
    { given: 'https://app.example:443/cb?tenant=7', want: false },
    { given: 'http://127.0.0.1:5173@evil.example/auth/callback', want: false },
  ])('says $want for $given (no normalisation at all)', ({ given, want }) => {
    expect(isRegisteredRedirectUri(registered, given)).toBe(want)
  })
})

describe('withQueryParameters', () => {
  it.each([
    {
      given: ['https://a.example/cb', { code: 'c1', state: 's' }],
      want: 'https://a.example/cb?code=c1&state=s',
    },
    {
      given: ['https://a.example/cb?x=a%20b+c', { code: 'c1', state: null }],
      want: 'https://a.example/cb?x=a%20b+c&code=c1',
    },
    { given: ['https://a.example/cb?', { code: 'c1', state: null }], want: 'https://a.example/cb?code=c1' },
    {
      given: ['https://a.example/cb', { error: 'access_denied', state: 'ü &=+' }],
      want: 'https://a.example/cb?error=access_denied&state=%C3%BC%20%26%3D%2B',
    },
  ] as const)('turns $given into $want, keeping the registered query byte for byte', ({ given, want }) => {
    expect(withQueryParameters(given[0], given[1])).toBe(want)
  })
})
