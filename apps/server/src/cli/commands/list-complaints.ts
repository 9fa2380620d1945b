// list-complaints: the complaints book, each entry with the date its answer is due (15 business days,
// without weekends and Peruvian public holidays).
import { listComplaints } from '../../modules/complaint/complaint.service';
import { formatComplaintList } from '../../modules/complaint/complaint.presenter';
import { defineCommand } from '../kit';

export const listComplaintsCommand = defineCommand({
  name: 'list-complaints',
  summary: 'List the complaints book (Libro de Reclamaciones) with each answer due date',
  usage: '[--json]',
  details: ['Options:', '  --json      print one JSON array of the stored complaints (every field, with dueOn)'],
  examples: ['npm run admin -- list-complaints'],
  options: {
    json: { type: 'boolean', default: false },
  },
  async run(values, env) {
    const { db } = await env.database();
    const complaints = await listComplaints({ db });
    if (values.json) {
      env.out(JSON.stringify(complaints));
      return;
    }
    for (const line of formatComplaintList(complaints).split('\n')) env.out(line);
  },
});
