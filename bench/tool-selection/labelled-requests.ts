import { EVERYDAY_REQUESTS } from './everyday-requests';
import { isHeldOut } from './seeded-split';

/**
 * Realistic requests a user types, each with the one tool a model needs to answer it, over the
 * 150-tool benchmark catalogue (built-ins, the MCP servers' tools, distractors). Written by hand
 * for the selection benchmark; `test` marks the small set the integration test runs through the loop.
 */
export interface LabelledRequest {
  request: string;
  tool: string;
  test?: true;
  /** Written after the ranker was tuned (synonyms, stemming) on the others, and never tuned on: an honest check. */
  heldOut?: true;
}

const HAND_SPLIT_REQUESTS: readonly LabelledRequest[] = [
  // Built-in tools
  { request: 'What is in notes/todo.txt?', tool: 'read_file', test: true },
  { request: 'Show me which files are in the src folder', tool: 'list_directory', test: true },
  { request: 'Find every place in the project where the word TODO appears', tool: 'search_files' },
  { request: 'Save this summary to report.md in my workspace', tool: 'write_file', test: true },
  { request: 'Run the test suite with npm test and tell me what fails', tool: 'run_command', test: true },
  { request: 'What is 17.5% of 2,340 plus 12 squared?', tool: 'calculate', test: true },
  { request: 'What time is it right now in Tokyo?', tool: 'current_time' },
  { request: 'Fetch https://example.com/changelog and tell me what changed', tool: 'fetch_url', test: true },
  { request: 'Remember that my preferred Python version is 3.12', tool: 'save_memory' },
  { request: 'What did I tell you earlier about my deployment server?', tool: 'recall_memory' },
  // MCP: filesystem and everything servers
  { request: 'Rename draft.txt to final.txt', tool: 'fs_move_file' },
  { request: 'Create a folder called assets/icons', tool: 'fs_create_directory' },
  { request: 'Show the whole directory tree of the project as a tree', tool: 'fs_directory_tree' },
  { request: 'When was config.yaml last modified and how big is it?', tool: 'fs_get_file_info' },
  { request: 'Replace the line port: 8080 with port: 9090 in server.yaml', tool: 'fs_edit_file' },
  { request: 'Which directories is the filesystem server allowed to access?', tool: 'fs_list_allowed_directories' },
  { request: 'Compress the log file with gzip', tool: 'everything_gzip_file_as_resource' },
  { request: 'Echo back the text hello world', tool: 'everything_echo' },
  { request: 'Print the environment variables of the MCP server', tool: 'everything_get_env' },
  { request: 'Open this photo and show it to me as base64 image content', tool: 'fs_read_media_file' },
  // Distractor services
  { request: 'Schedule a meeting with Anna tomorrow at 3pm in my calendar', tool: 'calendar_create_event', test: true },
  { request: 'What meetings do I have next week?', tool: 'calendar_list_events' },
  { request: 'Find a time when Bob, Carla and I are all free for 30 minutes', tool: 'calendar_find_free_slot' },
  { request: 'Send an email to jane@example.com saying the report is ready', tool: 'email_send', test: true },
  { request: 'Find the emails from the landlord about the rent invoice', tool: 'email_search' },
  { request: 'Do I have any unread mail?', tool: 'email_list_unread' },
  { request: 'Commit my staged changes with the message fix login bug', tool: 'git_commit' },
  { request: 'Show me the last 10 commits on main', tool: 'git_log', test: true },
  { request: 'Create a new branch called feature/search', tool: 'git_create_branch' },
  { request: 'Who changed line 42 of app.ts last?', tool: 'git_blame' },
  { request: 'Open a pull request from my-feature into main on GitHub', tool: 'github_create_pull_request' },
  { request: 'Did CI pass on the release branch?', tool: 'github_get_workflow_runs' },
  { request: 'File a bug in Jira project WEB: the checkout page crashes on Safari', tool: 'jira_create_issue' },
  { request: 'Move ticket WEB-123 to Done', tool: 'jira_transition_issue' },
  { request: 'Log 2 hours of work on PAY-88', tool: 'jira_log_work' },
  { request: 'Read the values in Sheet1 A1 to D20 of the budget spreadsheet', tool: 'spreadsheet_read_range' },
  { request: 'Add a pie chart of the expenses column to the spreadsheet', tool: 'spreadsheet_create_chart' },
  { request: 'Post in the #general Slack channel that the deploy is done', tool: 'slack_post_message' },
  { request: 'List the tables in the database', tool: 'sql_list_tables' },
  { request: 'How many users signed up last month? Query the users table', tool: 'sql_query' },
  { request: 'Show the logs of the web container', tool: 'docker_container_logs' },
  { request: 'Scale the api deployment to 5 replicas', tool: 'kubernetes_scale_deployment' },
  { request: 'Will it rain in Lyon this weekend?', tool: 'weather_forecast' },
  { request: 'How do I get from the station to the museum by public transit?', tool: 'maps_directions' },
  { request: 'Translate this paragraph into French', tool: 'translate_text' },
  { request: 'Extract the text from contract.pdf', tool: 'pdf_extract_text' },
  { request: 'Convert 250 euros to US dollars', tool: 'currency_convert' },
  { request: 'Add buy milk to my to-do list for Friday', tool: 'todo_add_task' },
  { request: 'Share the quarterly report on Google Drive with tom@example.com as editor', tool: 'drive_share_file' },
  { request: 'Send an invoice to ACME for 10 hours of consulting', tool: 'invoice_create' },
  // Held out: written after the ranker was tuned on the requests above; the ranker was not changed for them.
  { request: 'Check whether the docker containers are up', tool: 'docker_list_containers', heldOut: true },
  { request: 'Undo my uncommitted work for now, I want to come back to it later', tool: 'git_stash', heldOut: true },
  { request: 'Reply to the last message from Paul and say I agree', tool: 'email_reply', heldOut: true },
  { request: 'Which pods keep restarting in the staging namespace?', tool: 'kubernetes_get_pods', heldOut: true },
  { request: 'Put these three rows at the bottom of the expenses sheet', tool: 'spreadsheet_append_rows', heldOut: true },
  { request: 'Accept the invitation to Friday’s planning meeting', tool: 'calendar_respond_invitation', heldOut: true },
  { request: 'Assign PAY-12 to maria@example.com', tool: 'jira_assign_issue', heldOut: true },
  { request: 'How much did we spend on cloud services in October?', tool: 'cloud_billing_summary', heldOut: true },
  { request: 'Turn this screenshot into text I can copy', tool: 'ocr_image', heldOut: true },
  { request: 'Is there a pharmacy open near the central station?', tool: 'maps_search_places', heldOut: true },
  { request: 'Give me the columns of the orders table', tool: 'sql_describe_table', heldOut: true },
  { request: 'Read package.json and tsconfig.json together', tool: 'fs_read_multiple_files', heldOut: true },
  { request: 'What does AAPL trade at right now?', tool: 'stock_quote', heldOut: true },
  { request: 'Write down a plan for migrating the database before we start', tool: 'plan_next_steps', heldOut: true },
  { request: 'Look at the news feed of the Rust blog', tool: 'rss_read_feed', heldOut: true },
  // Paraphrases and inflections, as users phrase them. Training: the synonym table was written for these.
  { request: 'What is 17 multiplied by 23?', tool: 'calculate' },
  { request: 'How much is 250 times 4?', tool: 'calculate' },
  { request: 'Sum up 45, 78 and 103', tool: 'calculate' },
  { request: 'Remind me what I said about the staging password', tool: 'recall_memory' },
  { request: 'Jot this down for later: the gate code is 4417', tool: 'save_memory' },
  // Held out: written together with the training lines above, before the table changed, and never tuned on.
  { request: 'What is the product of 12 and 9?', tool: 'calculate', heldOut: true },
  { request: 'Divide 1000 by 7 and round it', tool: 'calculate', heldOut: true },
  { request: 'Add up the numbers 3, 8 and 21', tool: 'calculate', heldOut: true },
  { request: 'Keep in mind that I prefer tabs over spaces', tool: 'save_memory', heldOut: true },
  { request: 'Open readme.md and tell me what it says', tool: 'read_file', heldOut: true },
  { request: 'Which files does the docs directory contain?', tool: 'list_directory', heldOut: true },
];

/** The first requests (held out by hand, as written), then the everyday batch, split by a seeded hash. */
export const LABELLED_REQUESTS: readonly LabelledRequest[] = [
  ...HAND_SPLIT_REQUESTS,
  ...EVERYDAY_REQUESTS.map((entry): LabelledRequest => (isHeldOut(entry.request) ? { ...entry, heldOut: true } : entry)),
];
