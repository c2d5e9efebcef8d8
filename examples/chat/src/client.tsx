import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, getToolName, isToolUIPart, type UIMessage } from 'ai';
import { type FormEvent, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { refusalOf } from 'toolgate';

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** How a call ended, as the page shows it: the badge's class and words. */
type Verdict = {
  kind: 'refused' | 'not-run' | 'ran' | 'failed' | 'denied' | 'pending';
  label: string;
};

/** Reads a call's outcome; a refusal is told from an ordinary tool error by `refusalOf`. */
function verdictOf(part: ToolPart): Verdict {
  const refusal = refusalOf(part);
  if (refusal !== undefined) {
    return refusal.code === 'arguments'
      ? { kind: 'refused', label: 'Refused' }
      : { kind: 'not-run', label: 'Not run' };
  }
  switch (part.state) {
    case 'output-available':
      return { kind: 'ran', label: 'Ran' };
    case 'output-error':
      return { kind: 'failed', label: 'Failed' };
    case 'output-denied':
      return { kind: 'denied', label: 'Denied' };
    default:
      return { kind: 'pending', label: 'Waiting' };
  }
}

/** JSON on one line with a space after each comma and colon, so a narrow page wraps it there. */
function oneLineJson(value: unknown): string | undefined {
  return JSON.stringify(value, null, 1)?.replace(/\n\s*/g, ' ');
}

/** The answer the model read for a call: the result, the refusal, or the error. */
function answerOf(part: ToolPart): string | undefined {
  if (part.state === 'output-available') return oneLineJson(part.output);
  if (part.state === 'output-error') return part.errorText;
  if (part.state === 'output-denied') return part.approval.reason ?? 'The call was denied.';
  return undefined;
}

/** One tool call: what the model sent, and what it got back (the result, or the refusal). */
function ToolCall({ part }: { part: ToolPart }) {
  const verdict = verdictOf(part);
  const answer = answerOf(part);
  return (
    <section
      className={`tool tool-${verdict.kind}`}
      data-state={part.state}
      data-verdict={verdict.kind}
    >
      <header className="tool-head">
        <span className="tool-name">{getToolName(part)}</span>
        <span className={`badge badge-${verdict.kind}`}>{verdict.label}</span>
      </header>
      <div className="tool-input">
        {/* A refused call shows what the model sent; a call that ran, what the tool received. */}
        <h3>
          {verdict.kind === 'ran' ? 'Input (as the tool received it)' : "Input (model's arguments)"}
        </h3>
        <pre>{oneLineJson(part.input) ?? '…'}</pre>
      </div>
      {answer !== undefined && (
        <div className="tool-answer">
          <h3>Answer</h3>
          <pre>{answer}</pre>
        </div>
      )}
    </section>
  );
}

function Message({ message }: { message: UIMessage }) {
  return (
    <div className={`message message-${message.role}`}>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === 'text') {
          return (
            <p key={key} className="text">
              {part.text}
            </p>
          );
        }
        if (part.type === 'step-start' && index > 0) return <hr key={key} />;
        if (isToolUIPart(part)) return <ToolCall key={key} part={part} />;
        return null;
      })}
    </div>
  );
}

function Chat({ prompt, offline }: { prompt: string; offline: boolean }) {
  const { messages, sendMessage, status, error } = useChat({
    transport: new DefaultChatTransport({ api: '/api/chat' }),
  });
  const [input, setInput] = useState(prompt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input.trim() === '') return;
    void sendMessage({ text: input });
    setInput('');
  };
  return (
    <main data-status={status}>
      <h1>toolgate chat</h1>
      <p className="intro">
        {offline
          ? 'Offline: this page replays one recorded conversation with a real model, in which the gate refuses a turn and the model corrects it. Set OPENAI_API_KEY to chat for real.'
          : 'Every tool call passes the gate: one mismatch refuses the whole turn, and the model gets one corrective round.'}
      </p>
      {messages.map((message) => (
        <Message key={message.id} message={message} />
      ))}
      {error !== undefined && <p className="error">{error.message}</p>}
      <form onSubmit={submit}>
        <input
          value={input}
          onChange={(event) => setInput(event.target.value)}
          aria-label="Message"
        />
        <button type="submit" disabled={status !== 'ready'}>
          Send
        </button>
      </form>
    </main>
  );
}

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <Chat prompt={root.dataset.prompt ?? ''} offline={root.dataset.offline === 'true'} />,
  );
}
