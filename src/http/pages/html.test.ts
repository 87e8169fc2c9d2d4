import { describe, expect, it } from 'vitest'
import { html, SafeHtml } from './html.ts'

describe('the html template', () => {
  it('escapes every interpolated value that is not SafeHtml', () => {
    const name = `"><script>alert('x')</script>&`
    expect(html`<input value="${name}">`.value).toBe(
      '<input value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;">',
    )
  })

  it('inserts SafeHtml and nested templates as they are, and drops empty values', () => {
    const inner = html`<b>${'<i>'}</b>`
    expect(html`<p>${inner}${new SafeHtml('<br>')}${undefined}${false}${[html`<a>`, '&']}</p>`.value).toBe(
      '<p><b>&lt;i&gt;</b><br><a>&amp;</p>',
    )
  })
})
