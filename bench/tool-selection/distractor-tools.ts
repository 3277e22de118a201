/**
 * Realistic tools a user gets from MCP servers for everyday services (calendar, email, git, Jira,
 * spreadsheets, chat, cloud...), written for the tool-selection benchmark. They are never run:
 * only their names, descriptions and parameters matter. Each parameter is "name: description";
 * the first one is required.
 */
type Params = Record<string, string>;
export interface DistractorTool {
  id: string;
  description: string;
  params: Params;
}

const t = (id: string, description: string, params: Params = {}): DistractorTool => ({ id, description, params });

export const DISTRACTOR_TOOLS: readonly DistractorTool[] = [
  // Calendar
  t('calendar_create_event', 'Create an event in the calendar with a title, start and end time, location and attendees.', {
    title: 'Title of the event.',
    start: 'Start time, ISO 8601.',
    end: 'End time, ISO 8601.',
    attendees: 'Email addresses of people to invite, comma separated.',
  }),
  t('calendar_list_events', 'List calendar events between two dates, with their times, locations and attendees.', {
    from: 'First day, YYYY-MM-DD.',
    to: 'Last day, YYYY-MM-DD.',
  }),
  t('calendar_update_event', 'Change the time, title or location of an existing calendar event.', {
    event_id: 'Id of the event.',
    start: 'New start time.',
    title: 'New title.',
  }),
  t('calendar_delete_event', 'Cancel and delete a calendar event; attendees are notified.', { event_id: 'Id of the event to cancel.' }),
  t('calendar_find_free_slot', 'Find a free time slot when all the given people are available for a meeting.', {
    attendees: 'Email addresses of the people.',
    duration_minutes: 'Length of the meeting in minutes.',
  }),
  t('calendar_respond_invitation', 'Accept, decline or tentatively accept a meeting invitation.', {
    event_id: 'Id of the invitation.',
    response: 'accept, decline or tentative.',
  }),
  // Email
  t('email_send', 'Send an email message to one or more recipients, with a subject and a body.', {
    to: 'Recipient addresses.',
    subject: 'Subject line.',
    body: 'Message text.',
    cc: 'Carbon copy addresses.',
  }),
  t('email_search', 'Search the mailbox for messages by sender, subject, words or date.', {
    query: 'Search words, e.g. from:alice invoice.',
  }),
  t('email_read_message', 'Read the full text and attachments list of one email message.', { message_id: 'Id of the message.' }),
  t('email_reply', 'Reply to an email message, keeping the thread.', { message_id: 'Id of the message to answer.', body: 'Reply text.' }),
  t('email_forward', 'Forward an email message with its attachments to other people.', {
    message_id: 'Id of the message.',
    to: 'Addresses to forward to.',
  }),
  t('email_create_draft', 'Save an email as a draft without sending it.', {
    to: 'Recipient addresses.',
    subject: 'Subject line.',
    body: 'Message text.',
  }),
  t('email_list_unread', 'List unread messages in the inbox, newest first.', { limit: 'How many to list.' }),
  t('email_archive', 'Move email messages out of the inbox into the archive.', { message_ids: 'Ids of the messages.' }),
  t('email_download_attachment', 'Download an attachment of an email message to a file.', {
    message_id: 'Id of the message.',
    attachment: 'Name of the attachment.',
  }),
  // Git
  t('git_status', 'Show the working tree status: changed, staged and untracked files of a git repository.', {
    repo_path: 'Path of the repository.',
  }),
  t('git_diff', 'Show the changes between the working tree and the last commit, or between two commits.', {
    repo_path: 'Path of the repository.',
    target: 'Commit or branch to compare with.',
  }),
  t('git_commit', 'Record the staged changes as a new commit with a message.', {
    repo_path: 'Path of the repository.',
    message: 'Commit message.',
  }),
  t('git_add', 'Stage files for the next commit.', { repo_path: 'Path of the repository.', files: 'Files to stage.' }),
  t('git_log', 'Show the commit history of a branch: hashes, authors, dates and messages.', {
    repo_path: 'Path of the repository.',
    max_count: 'How many commits.',
  }),
  t('git_create_branch', 'Create a new git branch from the current commit or a given start point.', {
    repo_path: 'Path of the repository.',
    branch_name: 'Name of the new branch.',
  }),
  t('git_checkout', 'Switch the working tree to another branch.', {
    repo_path: 'Path of the repository.',
    branch_name: 'Branch to switch to.',
  }),
  t('git_list_branches', 'List the local and remote branches of a repository.', { repo_path: 'Path of the repository.' }),
  t('git_push', 'Push local commits of a branch to the remote repository.', {
    repo_path: 'Path of the repository.',
    branch: 'Branch to push.',
  }),
  t('git_pull', 'Fetch and merge the latest commits from the remote into the current branch.', { repo_path: 'Path of the repository.' }),
  t('git_blame', 'Show who last changed each line of a file, and in which commit.', {
    repo_path: 'Path of the repository.',
    file: 'File to annotate.',
  }),
  t('git_stash', 'Put the uncommitted changes aside in the stash, or restore them.', {
    repo_path: 'Path of the repository.',
    action: 'push or pop.',
  }),
  // GitHub
  t('github_create_pull_request', 'Open a pull request on GitHub from a branch into a base branch.', {
    repo: 'owner/name.',
    head: 'Branch with the changes.',
    base: 'Branch to merge into.',
    title: 'Title.',
  }),
  t('github_list_pull_requests', 'List open pull requests of a GitHub repository.', { repo: 'owner/name.', state: 'open, closed or all.' }),
  t('github_review_pull_request', 'Submit a review on a pull request: approve, request changes or comment.', {
    repo: 'owner/name.',
    number: 'Pull request number.',
    event: 'APPROVE, REQUEST_CHANGES or COMMENT.',
  }),
  t('github_merge_pull_request', 'Merge a pull request on GitHub.', { repo: 'owner/name.', number: 'Pull request number.' }),
  t('github_create_issue', 'Open a new issue in a GitHub repository.', { repo: 'owner/name.', title: 'Issue title.', body: 'Issue text.' }),
  t('github_list_issues', 'List issues of a GitHub repository, filtered by label, state or assignee.', {
    repo: 'owner/name.',
    labels: 'Labels to filter by.',
  }),
  t('github_get_workflow_runs', 'List recent GitHub Actions workflow runs and whether CI passed or failed.', {
    repo: 'owner/name.',
    branch: 'Branch to look at.',
  }),
  t('github_search_code', 'Search code across GitHub repositories.', { query: 'Search query.' }),
  // Jira
  t('jira_create_issue', 'Create a Jira ticket (bug, story or task) in a project.', {
    project: 'Project key, e.g. WEB.',
    summary: 'One-line summary.',
    issue_type: 'Bug, Story or Task.',
    description: 'Details.',
  }),
  t('jira_search_issues', 'Search Jira tickets with JQL or words.', { jql: 'JQL query, e.g. assignee = currentUser() AND status = Open.' }),
  t('jira_get_issue', 'Read a Jira ticket with its status, assignee, description and comments.', {
    issue_key: 'Ticket key, e.g. WEB-123.',
  }),
  t('jira_transition_issue', 'Move a Jira ticket to another status, such as In Progress or Done.', {
    issue_key: 'Ticket key.',
    status: 'Target status.',
  }),
  t('jira_add_comment', 'Add a comment to a Jira ticket.', { issue_key: 'Ticket key.', comment: 'Comment text.' }),
  t('jira_assign_issue', 'Assign a Jira ticket to a person.', { issue_key: 'Ticket key.', assignee: 'User name or email.' }),
  t('jira_log_work', 'Log time spent on a Jira ticket.', { issue_key: 'Ticket key.', time_spent: 'Time spent, e.g. 2h 30m.' }),
  t('jira_list_sprints', 'List the active and upcoming sprints of a Jira board.', { board_id: 'Board id.' }),
  // Spreadsheets
  t('spreadsheet_read_range', 'Read the cell values of a range in a spreadsheet, e.g. Sheet1!A1:D20.', {
    spreadsheet_id: 'Id of the spreadsheet.',
    range: 'A1 notation range.',
  }),
  t('spreadsheet_write_range', 'Write values into a range of cells of a spreadsheet.', {
    spreadsheet_id: 'Id of the spreadsheet.',
    range: 'A1 notation range.',
    values: 'Rows of values.',
  }),
  t('spreadsheet_append_rows', 'Append rows at the end of a table in a spreadsheet.', {
    spreadsheet_id: 'Id of the spreadsheet.',
    rows: 'Rows to append.',
  }),
  t('spreadsheet_create', 'Create a new spreadsheet with a title and sheet names.', { title: 'Title of the spreadsheet.' }),
  t('spreadsheet_add_sheet', 'Add a new sheet (tab) to an existing spreadsheet.', {
    spreadsheet_id: 'Id of the spreadsheet.',
    name: 'Name of the sheet.',
  }),
  t('spreadsheet_create_chart', 'Create a chart from a range of spreadsheet data.', {
    spreadsheet_id: 'Id of the spreadsheet.',
    range: 'Data range.',
    chart_type: 'bar, line or pie.',
  }),
  t('spreadsheet_sort_range', 'Sort the rows of a spreadsheet range by a column.', {
    spreadsheet_id: 'Id of the spreadsheet.',
    range: 'Range.',
    column: 'Column to sort by.',
  }),
  t('csv_to_spreadsheet', 'Import a CSV file into a new spreadsheet.', { csv_path: 'Path of the CSV file.' }),
  // Chat
  t('slack_post_message', 'Post a message to a Slack channel or a person.', { channel: 'Channel name or user.', text: 'Message text.' }),
  t('slack_read_channel', 'Read the latest messages of a Slack channel.', { channel: 'Channel name.', limit: 'How many messages.' }),
  t('slack_search_messages', 'Search Slack messages across channels.', { query: 'Search words.' }),
  t('slack_set_status', 'Set your Slack status text and emoji.', { text: 'Status text.', emoji: 'Emoji code.' }),
  t('slack_list_channels', 'List the Slack channels you can see.', {}),
  t('teams_schedule_meeting', 'Schedule a Microsoft Teams video meeting and send the link.', {
    title: 'Meeting title.',
    start: 'Start time.',
  }),
  // Databases
  t('sql_query', 'Run a read-only SQL SELECT query on the database and return the rows.', { query: 'SQL SELECT statement.' }),
  t('sql_execute', 'Run a SQL statement that changes data (INSERT, UPDATE, DELETE).', { statement: 'SQL statement.' }),
  t('sql_list_tables', 'List the tables of the database.', {}),
  t('sql_describe_table', 'Show the columns, types and indexes of a database table.', { table: 'Table name.' }),
  t('postgres_explain_query', 'Show the PostgreSQL query plan of a SQL query (EXPLAIN ANALYZE) to find slow parts.', {
    query: 'SQL query.',
  }),
  t('redis_get_key', 'Read the value of a key from Redis.', { key: 'Redis key.' }),
  // Containers and cloud
  t('docker_list_containers', 'List running Docker containers with their images, ports and status.', {
    all: 'Include stopped containers.',
  }),
  t('docker_container_logs', 'Show the logs of a Docker container.', { container: 'Container name or id.', tail: 'Number of lines.' }),
  t('docker_run_container', 'Start a new Docker container from an image.', { image: 'Image name.', ports: 'Port mappings.' }),
  t('docker_stop_container', 'Stop a running Docker container.', { container: 'Container name or id.' }),
  t('docker_build_image', 'Build a Docker image from a Dockerfile.', { context_path: 'Build context folder.', tag: 'Image tag.' }),
  t('kubernetes_get_pods', 'List Kubernetes pods of a namespace with their status and restarts.', { namespace: 'Namespace.' }),
  t('kubernetes_scale_deployment', 'Change the number of replicas of a Kubernetes deployment.', {
    deployment: 'Deployment name.',
    replicas: 'Number of replicas.',
  }),
  t('aws_list_s3_buckets', 'List the S3 buckets of the AWS account.', {}),
  t('aws_upload_s3_object', 'Upload a local file to an S3 bucket.', {
    bucket: 'Bucket name.',
    key: 'Object key.',
    file_path: 'Local file.',
  }),
  t('cloud_billing_summary', 'Show the cloud costs of this month by service.', { month: 'Month, YYYY-MM.' }),
  // Cloud storage and documents
  t('drive_search_files', 'Search Google Drive for documents by name or content.', { query: 'Search words.' }),
  t('drive_share_file', 'Share a Google Drive file with people, as viewer or editor.', {
    file_id: 'File id.',
    email: 'Email to share with.',
    role: 'viewer or editor.',
  }),
  t('drive_upload_file', 'Upload a local file to Google Drive.', { file_path: 'Local file.', folder_id: 'Target folder.' }),
  t('docs_create_document', 'Create a new text document with a title and content.', {
    title: 'Document title.',
    content: 'Document text.',
  }),
  t('pdf_extract_text', 'Extract the text of a PDF file, page by page.', { pdf_path: 'Path of the PDF file.' }),
  t('pdf_merge', 'Merge several PDF files into one.', { pdf_paths: 'Paths of the PDF files, in order.', output: 'Output file.' }),
  // Notes and tasks
  t('todo_add_task', 'Add a task to the to-do list, with an optional due date.', { title: 'Task text.', due: 'Due date.' }),
  t('todo_list_tasks', 'List open tasks of the to-do list.', { project: 'Project or list name.' }),
  t('todo_complete_task', 'Mark a to-do task as done.', { task_id: 'Task id.' }),
  t('notion_create_page', 'Create a page in a Notion workspace.', { parent_id: 'Parent page or database.', title: 'Page title.' }),
  t('notion_search', 'Search pages and databases in Notion.', { query: 'Search words.' }),
  t('reminder_create', 'Set a reminder that notifies you at a given time.', { text: 'What to remind.', at: 'When, ISO 8601.' }),
  // CRM and business
  t('crm_find_contact', 'Find a customer contact in the CRM by name, company or email.', { query: 'Name, company or email.' }),
  t('crm_create_deal', 'Create a sales deal in the CRM pipeline.', {
    name: 'Deal name.',
    amount: 'Deal value.',
    contact_id: 'Contact id.',
  }),
  t('crm_log_call', 'Log a phone call with a customer in the CRM.', { contact_id: 'Contact id.', notes: 'Call notes.' }),
  t('invoice_create', 'Create an invoice for a customer with line items and send it.', {
    customer: 'Customer name.',
    items: 'Line items with amounts.',
  }),
  t('stripe_list_payments', 'List recent Stripe payments with amounts and status.', { limit: 'How many.' }),
  // Web, maps, weather
  t('weather_forecast', 'Get the weather forecast for a city: temperature, rain and wind for the next days.', {
    city: 'City name.',
    days: 'Number of days.',
  }),
  t('maps_directions', 'Get driving, walking or transit directions between two places, with travel time.', {
    origin: 'Start address.',
    destination: 'End address.',
    mode: 'driving, walking or transit.',
  }),
  t('maps_search_places', 'Search for places nearby, such as restaurants or pharmacies.', {
    query: 'What to look for.',
    near: 'Address or city.',
  }),
  t('web_search', 'Search the web and return the top results with titles, links and snippets.', { query: 'Search words.' }),
  t('browser_screenshot', 'Open a web page in a headless browser and take a screenshot.', { url: 'Page address.' }),
  t('rss_read_feed', 'Read the latest entries of an RSS or Atom news feed.', { feed_url: 'Feed address.' }),
  // Text, images, misc
  t('translate_text', 'Translate text into another language.', { text: 'Text to translate.', target_language: 'Language, e.g. French.' }),
  t('summarize_text', 'Summarize a long text in a few sentences.', { text: 'Text to summarize.' }),
  t('image_resize', 'Resize an image file to a given width and height.', {
    image_path: 'Image file.',
    width: 'Width in pixels.',
    height: 'Height in pixels.',
  }),
  t('image_convert_format', 'Convert an image to another format such as PNG, JPEG or WebP.', {
    image_path: 'Image file.',
    format: 'Target format.',
  }),
  t('ocr_image', 'Recognise the text in an image (OCR).', { image_path: 'Image file.' }),
  t('qr_code_generate', 'Generate a QR code image for a text or link.', { text: 'Text or URL.' }),
  t('currency_convert', 'Convert an amount between currencies at the current exchange rate.', {
    amount: 'Amount.',
    from: 'Currency code, e.g. EUR.',
    to: 'Currency code, e.g. USD.',
  }),
  t('stock_quote', 'Get the latest stock price of a ticker symbol.', { symbol: 'Ticker, e.g. AAPL.' }),
  t('password_generate', 'Generate a strong random password.', { length: 'Number of characters.' }),
  t('system_disk_usage', 'Show free and used disk space of each drive.', {}),
  t('system_list_processes', 'List running processes with CPU and memory use.', { sort_by: 'cpu or memory.' }),
  t('clipboard_copy', 'Copy text to the system clipboard.', { text: 'Text to copy.' }),
  t('zip_archive', 'Compress files and folders into a zip archive.', { paths: 'Files and folders.', output: 'Archive path.' }),
];
