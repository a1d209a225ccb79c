/**
 * The controller's terminal as the runner needs it for --step and the task debugger: Python's
 * input() (the prompt goes to stdout, the answer comes from stdin) and ansible's global display,
 * which prints whatever the stdout callback is. The CLI implements it over stdin/stdout.
 */
export interface Terminal {
  /** Writes the prompt, reads one line (without its newline); undefined at the end of input. */
  readLine(prompt: string): Promise<string | undefined>;
  /** A line of text, as display.display prints it. */
  display(text: string): void;
  /** A banner (blank line, text, stars), as display.banner prints it. */
  banner(text: string): void;
}
