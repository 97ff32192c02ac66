-- Headless Neovim (0.7+) driving `sastls serve`: open -> diagnostics -> code actions ->
-- investigate -> verdict in the diagnostic and the hover. Results go to $SASTLS_OUT as JSON.
-- Run: nvim --headless -u NONE -c "luafile tests/lsp/editors/nvim_flow.lua"
-- Env: SASTLS_CMD (JSON list), SASTLS_WS (workspace), SASTLS_FILE (relative), SASTLS_LINE (1-based),
-- SASTLS_INIT (JSON initializationOptions; default: no scanners on open).
local out = {}
local function finish(ok, why)
  out.ok = ok
  out.why = why
  local f = io.open(os.getenv("SASTLS_OUT"), "w")
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd("qa!")
end

local ok, err = pcall(function()
  local cmd = vim.fn.json_decode(os.getenv("SASTLS_CMD"))
  local ws = os.getenv("SASTLS_WS")
  local file = ws .. "/" .. os.getenv("SASTLS_FILE")
  local line = tonumber(os.getenv("SASTLS_LINE")) - 1
  out.progress = {}

  local client_id = vim.lsp.start_client({
    name = "sastls",
    cmd = cmd,
    root_dir = ws,
    workspace_folders = { { uri = vim.uri_from_fname(ws), name = "ws" } },
    init_options = vim.fn.json_decode(os.getenv("SASTLS_INIT") or '{"sastls": {"scanners": [], "auto_triage": "off"}}'),
    handlers = {
      ["$/progress"] = function(_, result)
        if result and result.value then
          table.insert(out.progress, result.value.kind .. ":" .. (result.value.message or result.value.title or ""))
        end
      end,
      ["window/showDocument"] = function(_, result)
        out.shown = result.uri
        return { success = true }
      end,
    },
  })
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  local function on_line()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.lnum == line then
        table.insert(found, d)
      end
    end
    return found
  end

  local function messages()
    local all = {}
    for _, d in ipairs(on_line()) do
      table.insert(all, d.message)
    end
    table.sort(all)
    return table.concat(all, "\n")
  end

  if not vim.wait(30000, function() return #on_line() > 0 end, 50) then
    return finish(false, "no diagnostics on line " .. line)
  end
  local diag = on_line()[1]
  out.diagnostics = #vim.diagnostic.get(buf)
  out.source = diag.source
  out.message_before = diag.message
  out.messages_before = messages()

  -- code actions with the diagnostic as the client would send it (its LSP form keeps `data`)
  local lsp_diags = vim.lsp.diagnostic.get_line_diagnostics(buf, line)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = line, character = 0 }, ["end"] = { line = line, character = 0 } },
    context = { diagnostics = lsp_diags },
  }
  local resp = client.request_sync("textDocument/codeAction", params, 10000, buf)
  if not resp or resp.err then
    return finish(false, "codeAction failed: " .. vim.inspect(resp))
  end
  out.actions = {}
  local investigate
  for _, a in ipairs(resp.result or {}) do
    table.insert(out.actions, a.title)
    local c = a.command
    if type(c) == "table" and c.command == "sastls.investigate" and not investigate then
      investigate = c
    end
  end
  if not investigate then
    return finish(false, "no investigate action")
  end

  local done = client.request_sync(
    "workspace/executeCommand",
    { command = investigate.command, arguments = investigate.arguments },
    60000,
    buf
  )
  if not done or done.err then
    return finish(false, "executeCommand failed: " .. vim.inspect(done))
  end
  out.result = done.result

  local changed = vim.wait(20000, function()
    return messages() ~= out.messages_before
  end, 50)
  if not changed then
    return finish(false, "diagnostic did not change")
  end
  for _, d in ipairs(on_line()) do
    if d.message:sub(-1) == "]" then
      out.message_after = d.message
    end
  end

  local hover = client.request_sync("textDocument/hover", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = diag.col + 1 },
  }, 10000, buf)
  out.hover = hover and hover.result and hover.result.contents and hover.result.contents.value or ""

  -- unsaved edits: two lines inserted above move the finding; deleting its line removes it
  local target = on_line()[1].message
  local function lines_with(message)
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.message == message then
        table.insert(found, d.lnum)
      end
    end
    return found
  end
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, { "# added one", "# added two" })
  out.moved = vim.wait(10000, function()
    local at = lines_with(target)
    return #at == 1 and at[1] == line + 2
  end, 50)
  vim.api.nvim_buf_set_lines(buf, line + 2, line + 3, false, {})
  out.deleted = vim.wait(10000, function()
    return #lines_with(target) == 0
  end, 50)
  client.stop()
  finish(true, "")
end)
if not ok then
  finish(false, tostring(err))
end
