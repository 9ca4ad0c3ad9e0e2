import { describe, expect, it } from 'vitest';
import { firstDataScript } from './web-app.ts';

describe('the answers a first paint is sent with', () => {
  it('are JSON that no name in them can break out of', () => {
    const data = { '/webapps/api/x': { name: '</script><script>alert(1)</script>' } };
    const script = firstDataScript(data);

    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script.endsWith('</script>')).toBe(true);
    const json = script.slice(script.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.parse(json)).toEqual(data);
  });
});
