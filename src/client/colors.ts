// Thread colors: one stable palette slot per thread (PThread.color, main is 0), contributed in
// package.json as threadline.thread0 … threadline.thread7 so themes can override them.
import * as vscode from 'vscode';
import type { PThread } from '../protocol/requests';

export const PALETTE_SIZE = 8;

export function threadColor(index: number): vscode.ThemeColor {
  const i = ((index % PALETTE_SIZE) + PALETTE_SIZE) % PALETTE_SIZE;
  return new vscode.ThemeColor(`threadline.thread${i}`);
}

export function threadIcon(thread: PThread | undefined, icon = 'circle-filled'): vscode.ThemeIcon {
  return thread ? new vscode.ThemeIcon(icon, threadColor(thread.color)) : new vscode.ThemeIcon('circle-outline');
}

/** `transfer_worker ×many` for threads started many times, else the bare id (the same text the
 *  server uses in access labels, hovers and inlay hints). */
export function threadLabel(thread: PThread | undefined, id: string): string {
  return thread?.instances === 'many' ? `${id} ×many` : id;
}

/** `bootstrap_thread (named "bootstrap")` when the thread's name differs from its id. */
export function threadTitle(thread: PThread | undefined, id: string): string {
  const base = threadLabel(thread, id);
  return thread && thread.name && thread.name !== id ? `${base} (named "${thread.name}")` : base;
}
