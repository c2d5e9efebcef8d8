#!/usr/bin/env node
// The `toolgate` bin. Exits explicitly: an MCP child process or socket left open by a failing
// server must not keep the audit from finishing.
import { runCli } from './run-cli.ts';

process.exit(await runCli(process.argv.slice(2)));
