import { appendVsInsert, inTemp, sqliteMeasured } from './scale.ts';
for (let k = 0; k < 2; k++) await inTemp(async (dir) => {
  const m = sqliteMeasured(`${dir}/x.db`);
  console.log(await appendVsInsert(m, 20000));
  await m.close();
}, '/dev/shm');
