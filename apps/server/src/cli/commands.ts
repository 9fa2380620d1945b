// The operator commands, in the order `--help` lists them. Adding a command = one file under
// commands/ built with defineCommand, and one entry here.
import type { Command } from './kit';
import { createContractCommand } from './commands/create-contract';
import { listContractsCommand } from './commands/list-contracts';
import { addDisclaimerCommand, listDisclaimersCommand, removeDisclaimerCommand } from './commands/disclaimers';
import { setPasswordCommand } from './commands/set-password';
import { backupCommand, restoreCommand } from './commands/backup';
import { videoPostersCommand } from './commands/video-posters';
import { videoConvertCommand } from './commands/video-convert';
import { listComplaintsCommand } from './commands/list-complaints';
import { createOperatorCommand } from './commands/create-operator';
import { listJobsCommand, mailCommand, runJobCommand } from './commands/jobs';
import { renewContractCommand } from './commands/renew-contract';
import { createPartnerCommand, createPartnerUserCommand, resumePartnerCommand, suspendPartnerCommand } from './commands/partners';

export const COMMANDS: Command[] = [
  createContractCommand,
  listContractsCommand,
  renewContractCommand,
  addDisclaimerCommand,
  listDisclaimersCommand,
  removeDisclaimerCommand,
  setPasswordCommand,
  listComplaintsCommand,
  createOperatorCommand,
  createPartnerCommand,
  createPartnerUserCommand,
  suspendPartnerCommand,
  resumePartnerCommand,
  backupCommand,
  restoreCommand,
  videoPostersCommand,
  videoConvertCommand,
  listJobsCommand,
  runJobCommand,
  mailCommand,
];
