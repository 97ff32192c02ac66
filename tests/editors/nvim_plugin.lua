-- Drives editors/neovim (the sastls plugin) in headless Neovim. Inputs from the environment:
-- SASTLS_PLUGIN (plugin dir), SASTLS_FILE (file to open), SASTLS_OUT (result JSON path). The plugin is set up
-- as the README says, without `cmd`: the server is `sastls` from PATH (the project has no .venv), with
-- `settings`: they reach the server without an "invalid settings" message.
-- Writes what it saw; the pytest side asserts.
local out = {}
local function finish()
  local f = io.open(os.getenv("SASTLS_OUT"), "w")
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd("qa!")
end
local ok, err = pcall(function()
  vim.opt.runtimepath:prepend(os.getenv("SASTLS_PLUGIN"))
  vim.cmd("filetype on")
  local sastls = require("sastls")
  -- settings as the README shows them (same keys as .sastls.toml); SASTLS_SETTINGS_JSON overrides them
  local settings = { analyst = "heuristic", false_positive_display = "hint" }
  if os.getenv("SASTLS_SETTINGS_JSON") then
    settings = vim.fn.json_decode(os.getenv("SASTLS_SETTINGS_JSON"))
  end
  sastls.setup({ progress = true, settings = settings })
  -- every window/showMessage the server sends (an "invalid settings" warning would be one)
  out.messages = {}
  local default_show = vim.lsp.handlers["window/showMessage"]
  vim.lsp.handlers["window/showMessage"] = function(e, result, ctx, config)
    table.insert(out.messages, result and result.message or "?")
    return default_show(e, result, ctx, config)
  end
  local notes = {}
  vim.notify = function(msg) table.insert(notes, msg) end
  local progress = {}
  local default_progress = vim.lsp.handlers["$/progress"]
  vim.lsp.handlers["$/progress"] = function(e, result, ctx)
    if result and result.value then
      table.insert(progress, result.value.kind or "?")
    end
    if default_progress then
      return default_progress(e, result, ctx)
    end
  end
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SASTLS_FILE")))
  out.attached = vim.wait(15000, function() return sastls.client_id ~= nil end, 50)
  out.diagnostics = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  local diags = vim.diagnostic.get(0)
  out.count = #diags
  table.sort(diags, function(a, b) return a.lnum < b.lnum end)
  local target
  for _, d in ipairs(diags) do
    if d.user_data and d.user_data.lsp and d.user_data.lsp.data and d.user_data.lsp.data.fingerprint then
      target = d
      break
    end
  end
  out.has_fingerprint = target ~= nil
  if not target then return end
  vim.api.nvim_win_set_cursor(0, { target.lnum + 1, target.col })
  out.findings_at_cursor = #sastls.findings_at_cursor(0)
  out.before = target.message
  -- the offline verdict arrives by itself (auto_triage = "offline" by default), no command needed
  local words = { "likely true positive", "likely false positive", "needs review" }
  out.auto_verdict = vim.wait(30000, function()
    for _, d in ipairs(vim.diagnostic.get(0)) do
      for _, w in ipairs(words) do
        if d.message:find(w, 1, true) then
          out.auto_message = d.message
          return true
        end
      end
    end
    return false
  end, 100)
  out.server_cmd = sastls.client_id and vim.lsp.get_client_by_id(sastls.client_id).config.cmd or nil
  -- code actions at the cursor
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = { target.user_data.lsp } }
  local actions = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 10000) or {}
  out.actions = {}
  for _, res in pairs(actions) do
    for _, a in ipairs(res.result or {}) do table.insert(out.actions, a.title) end
  end
  -- :SastlsInvestigate (asynchronous) and wait for the verdict to reach the diagnostic
  vim.cmd("SastlsInvestigate")
  out.verdict_shown = vim.wait(60000, function()
    for _, n in ipairs(notes) do
      if n:find("sastls: [A-Z_]+: ") then
        out.investigated = n
        return true
      end
    end
    return false
  end, 100)
  for _, d in ipairs(vim.diagnostic.get(0, { lnum = target.lnum })) do
    out.after = d.message
  end
  out.progress = progress
end)
if not ok then out.error = tostring(err) end
finish()
