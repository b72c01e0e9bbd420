/**
 * A readable API reference rendered on the server from the OpenAPI document,
 * so it works offline and always matches the routes.
 */
import { escapeHtml } from '../../../lib/markup.ts';

type Json = Record<string, unknown>;

const esc = (value: unknown): string => escapeHtml(String(value ?? ''));

function schemaText(schema: unknown, depth = 0): string {
  if (!schema || typeof schema !== 'object' || depth > 4) return 'any';
  const s = schema as Json;
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop() ?? 'object';
  if (Array.isArray(s.anyOf)) return s.anyOf.map((x) => schemaText(x, depth + 1)).join(' | ');
  if (Array.isArray(s.enum)) return s.enum.map((x) => JSON.stringify(x)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  if (type === 'array') return `${schemaText(s.items, depth + 1)}[]`;
  if (type === 'object' || s.properties) {
    const props = (s.properties ?? {}) as Json;
    const required = new Set((s.required as string[] | undefined) ?? []);
    const inner = Object.entries(props)
      .map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${schemaText(v, depth + 1)}`)
      .join(', ');
    return `{ ${inner} }`;
  }
  return String(type ?? 'any');
}

export function renderApiReference(doc: Json): string {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const byTag = new Map<string, string[]>();
  for (const [p, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0] ?? 'Other';
      const params = ((op.parameters as Json[] | undefined) ?? [])
        .map(
          (param) =>
            `<tr><td><code>${esc(param.name)}</code></td><td>${esc(param.in)}</td><td>${param.required ? 'yes' : 'no'}</td><td><code>${esc(schemaText(param.schema))}</code></td></tr>`,
        )
        .join('');
      const body = (
        ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined
      )?.schema;
      const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
        .map(([status, r]) => {
          const schema = ((r.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
          return `<li><strong>${esc(status)}</strong> ${esc(r.description)}${schema ? ` — <code>${esc(schemaText(schema))}</code>` : ''}</li>`;
        })
        .join('');
      const html = `<section class="op"><h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(p)}</code></h3>
<p>${esc(op.summary)}</p>${op.description ? `<p class="d">${esc(op.description)}</p>` : ''}
${params ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Type</th></tr></thead><tbody>${params}</tbody></table>` : ''}
${body ? `<p>Body: <code>${esc(schemaText(body))}</code></p>` : ''}<ul>${responses}</ul></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const info = (doc.info ?? {}) as Json;
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="${esc(tag)}">${esc(tag)}</h2>${ops.join('')}`)
    .join('');
  const models = Object.entries(schemas)
    .map(
      ([name, s]) =>
        `<li><strong id="model-${esc(name)}">${esc(name)}</strong>: <code>${esc(schemaText(s))}</code></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} — API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1.5rem;line-height:1.5;color:#1b1b1f}
h1{margin-bottom:.25rem}h2{border-bottom:2px solid #d32f2f;padding-bottom:.25rem;margin-top:2rem}
.op{border:1px solid #ddd;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}.op h3{margin:.25rem 0;font-size:1rem}
.m{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.m-get{background:#1565c0}.m-post{background:#2e7d32}.m-put,.m-patch{background:#ef6c00}.m-delete{background:#c62828}
table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border:1px solid #e3e3e3;padding:.25rem .5rem;text-align:left}
code{font-size:.85rem;word-break:break-word}.d{color:#555}</style></head><body>
<h1>${esc(info.title)} API</h1><p>Version ${esc(info.version)}. ${esc(info.description)}</p>
<p>Machine-readable document: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Errors are JSON <code>{ "message": string }</code>.</p>
${sections}<h2>Models</h2><ul>${models}</ul></body></html>`;
}
