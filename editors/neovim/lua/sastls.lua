-- sastls for Neovim: starts the sastls language server and adds :Sastls* commands.
-- Works on Neovim 0.7 (vim.lsp.start_client) and current releases (vim.lsp.start).
local M = {}

M.defaults = {
  cmd = nil, -- default: <root>/.venv/bin/sastls serve, else `sastls serve` from PATH
  filetypes = { "python", "c", "cpp", "java", "javascript", "typescript", "typescriptreact", "go" },
  root_markers = { ".sastls.toml", "pyproject.toml", "setup.py", ".git", "compile_commands.json" },
  settings = {}, -- same keys as .sastls.toml, e.g. { analyst = "llm", model = "ollama/llama3.1" }
  progress = true, -- echo $/progress messages
}

M.config = vim.deepcopy(M.defaults)
M.client_id = nil

local function notify(msg, level)
  vim.notify("sastls: " .. msg, level or vim.log.levels.INFO)
end

local function find_root(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  local dir = path ~= "" and vim.fn.fnamemodify(path, ":p:h") or vim.fn.getcwd()
  for _, marker in ipairs(M.config.root_markers) do
    local found = vim.fn.findfile(marker, dir .. ";")
    if found == "" then
      found = vim.fn.finddir(marker, dir .. ";")
    end
    if found ~= "" then
      return (vim.fn.fnamemodify(found, ":p:h"):gsub("/%.git/?$", ""):gsub("/$", ""))
    end
  end
  -- No marker: the working directory when the file is under it (a project opened with `nvim .`),
  -- else the file's own folder.
  local cwd = vim.fn.getcwd()
  if dir == cwd or dir:sub(1, #cwd + 1) == cwd .. "/" then
    return cwd
  end
  return dir
end

local function server_cmd(root)
  if M.config.cmd then
    return M.config.cmd
  end
  local venv = root .. "/.venv/bin/sastls"
  if vim.fn.executable(venv) == 1 then
    return { venv, "serve" }
  end
  if vim.fn.executable("sastls") == 1 then
    return { "sastls", "serve" }
  end
  return nil
end

local function progress_handler(err, result, ctx)
  if M.config.progress and result and result.value then
    local v = result.value
    local text = v.title or v.message or ""
    if v.message and v.title then
      text = v.title .. ": " .. v.message
    end
    if v.kind == "end" then
      text = (v.message or "done")
    end
    vim.api.nvim_echo({ { "sastls: " .. text } }, false, {})
  end
  local default = vim.lsp.handlers["$/progress"]
  if default then
    return default(err, result, ctx)
  end
end

local function show_document(_, result, _)
  if result and result.uri then
    vim.schedule(function()
      vim.cmd("split " .. vim.fn.fnameescape(vim.uri_to_fname(result.uri)))
    end)
  end
  return { success = true }
end

-- The reason of a human verdict, asked as SonarLint and Semgrep ask when an issue is marked: a false
-- positive's reason that names a check of the code ("validated by check_name") lets the server offer to
-- record it as a model. on_reason(nil) when the person cancels (nothing is recorded then).
function M.ask_reason(verdict, on_reason)
  local prompt = verdict == "FALSE_POSITIVE"
      and "sastls: why is it not a real problem? (name the check and sastls can learn it): "
    or "sastls: reason (optional): "
  vim.ui.input({ prompt = prompt }, on_reason)
end

-- The light bulb's "Mark as false positive" / "Confirm as real" (client command "sastls.judge"): the
-- server leaves the reason to the client; ask for it, then send the command.
local function judge_command(command, ctx)
  local arg = command.arguments and command.arguments[1]
  local c = vim.lsp.get_client_by_id(ctx.client_id)
  if not c or type(arg) ~= "table" then
    return
  end
  local send = function(a)
    c.request("workspace/executeCommand", { command = "sastls.judge", arguments = { a } }, function(err)
      if err then
        notify("sastls.judge failed: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      else
        notify("recorded " .. tostring(a.verdict))
      end
    end, ctx.bufnr)
  end
  if type(arg.reason) == "string" then
    return send(arg)
  end
  M.ask_reason(arg.verdict, function(reason)
    if reason == nil then
      return
    end
    send(vim.tbl_extend("force", arg, { reason = vim.trim(reason) }))
  end)
end

local function client_config(root, cmd)
  return {
    name = "sastls",
    cmd = cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = M.config.settings,
    settings = { sastls = M.config.settings },
    commands = {
      ["sastls.fix"] = require("sastls.fix").command, -- the code action: diff, confirm, apply
      ["sastls.judge"] = judge_command, -- the code action: ask the reason, then record
    },
    handlers = {
      ["$/progress"] = progress_handler,
      ["window/showDocument"] = show_document,
      ["sastls/status"] = function(_, result)
        M.status = result
      end,
    },
  }
end

function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local root = find_root(bufnr)
  local cmd = server_cmd(root)
  if not cmd then
    notify(
      "server not found: put `sastls` on PATH (e.g. ln -s /path/to/sastls/.venv/bin/sastls ~/.local/bin/)"
        .. " or call setup({ cmd = { '/path/to/sastls', 'serve' } })",
      vim.log.levels.ERROR
    )
    return nil
  end
  if vim.lsp.start then
    M.client_id = vim.lsp.start(client_config(root, cmd), { bufnr = bufnr })
  else
    if not M.client_id or not vim.lsp.get_client_by_id(M.client_id) then
      M.client_id = vim.lsp.start_client(client_config(root, cmd))
    end
    if M.client_id then
      vim.lsp.buf_attach_client(bufnr, M.client_id)
    end
  end
  return M.client_id
end

local function client()
  return M.client_id and vim.lsp.get_client_by_id(M.client_id) or nil
end

-- The sastls findings on the cursor line: their LSP `data` carries the fingerprint.
function M.findings_at_cursor(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local lnum = vim.api.nvim_win_get_cursor(0)[1] - 1
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr, { lnum = lnum })) do
    local lsp = d.user_data and d.user_data.lsp or nil
    local data = lsp and lsp.data or nil
    if data and data.fingerprint then
      table.insert(out, { message = d.message, fingerprint = data.fingerprint })
    end
  end
  return out
end

local function execute(command, arg, on_done)
  local c = client()
  if not c then
    notify("the server is not running", vim.log.levels.WARN)
    return
  end
  c.request("workspace/executeCommand", { command = command, arguments = { arg } }, function(err, result)
    if err then
      notify(command .. " failed: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
    elseif on_done then
      on_done(result)
    end
  end, vim.api.nvim_get_current_buf())
end

local function with_finding(fn)
  local bufnr = vim.api.nvim_get_current_buf()
  local found = M.findings_at_cursor(bufnr)
  if #found == 0 then
    notify("no finding on this line")
    return
  end
  local uri = vim.uri_from_bufnr(bufnr)
  if #found == 1 then
    return fn({ uri = uri, fingerprint = found[1].fingerprint })
  end
  local items = { "Which finding?" }
  for i, f in ipairs(found) do
    table.insert(items, i .. ". " .. f.message)
  end
  local choice = vim.fn.inputlist(items)
  if choice >= 1 and choice <= #found then
    fn({ uri = uri, fingerprint = found[choice].fingerprint })
  end
end

function M.investigate()
  with_finding(function(arg)
    execute("sastls.investigate", arg, function(result)
      if result and result.verdict then
        notify(result.verdict .. ": " .. (result.justification or ""))
      end
    end)
  end)
end

function M.investigate_file()
  execute("sastls.investigateFile", { uri = vim.uri_from_bufnr(0) })
end

function M.triage_workspace()
  execute("sastls.investigateWorkspace", {})
end

function M.fix()
  with_finding(function(arg)
    require("sastls.fix").run(client(), arg)
  end)
end

function M.judge(verdict, reason)
  local map = { fp = "FALSE_POSITIVE", false_positive = "FALSE_POSITIVE", real = "TRUE_POSITIVE", tp = "TRUE_POSITIVE" }
  local v = map[(verdict or ""):lower()] or verdict
  if v ~= "FALSE_POSITIVE" and v ~= "TRUE_POSITIVE" then
    notify("usage: :SastlsJudge fp|real [reason]", vim.log.levels.WARN)
    return
  end
  with_finding(function(arg)
    arg.verdict = v
    local send = function(r)
      if r == nil then
        return
      end
      arg.reason = vim.trim(r)
      execute("sastls.judge", arg, function()
        notify("recorded " .. v)
      end)
    end
    if reason and reason ~= "" then
      send(reason)
    else
      M.ask_reason(v, send) -- :SastlsJudge fp without a reason asks for one
    end
  end)
end

function M.report()
  with_finding(function(arg)
    execute("sastls.showReport", arg)
  end)
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), opts or {})
  local group = vim.api.nvim_create_augroup("sastls", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.config.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  local cmd = vim.api.nvim_create_user_command
  cmd("SastlsInvestigate", M.investigate, { desc = "sastls: investigate the finding on this line" })
  cmd("SastlsInvestigateFile", M.investigate_file, { desc = "sastls: investigate every finding in this file" })
  cmd("SastlsTriageWorkspace", M.triage_workspace, { desc = "sastls: investigate every finding in the workspace" })
  cmd("SastlsFix", M.fix, { desc = "sastls: propose a verified fix for the finding on this line" })
  cmd("SastlsReport", M.report, { desc = "sastls: open the report of the finding on this line" })
  cmd("SastlsJudge", function(o)
    M.judge(o.fargs[1], table.concat(vim.list_slice(o.fargs, 2), " "))
  end, { nargs = "+", complete = function() return { "fp", "real" } end, desc = "sastls: record fp|real [reason]" })
end

return M
