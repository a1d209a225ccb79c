/** A deterministic ~300-variable fact set (~20 KB as JSON), shaped like gathered facts. */
export function makeContext(): Record<string, unknown> {
  const ctx: Record<string, unknown> = {};
  for (let i = 0; i < 280; i++) {
    const kind = i % 5;
    const key = `ansible_fact_${i}`;
    if (kind === 0) ctx[key] = `value-${i}-${'x'.repeat(60)}`;
    else if (kind === 1) ctx[key] = i * 1000;
    else if (kind === 2) ctx[key] = { device: `eth${i}`, mtu: 1500, active: true, ipv4: { address: `10.0.${i % 255}.1`, netmask: '255.255.255.0' } };
    else if (kind === 3) ctx[key] = [`a${i}`, `b${i}`, `c${i}`];
    else ctx[key] = i % 2 === 0;
  }
  for (let i = 0; i < 18; i++) ctx[`group_var_${i}`] = `g${i}`;
  ctx.item = { name: 'web01', port: 8080 };
  ctx.users = Array.from({ length: 100 }, (_, i) => ({ name: `user${i}`, port: 8000 + i, admin: i % 7 === 0 }));
  ctx.inventory_hostname = 'host01';
  return ctx;
}
