-- Drives the sastls Neovim plugin's "Fix (verified)" code action in headless Neovim.
-- Env: SASTLS_PLUGIN, SASTLS_CMD, SASTLS_FILE, SASTLS_LINE (1-based), SASTLS_RULE, SASTLS_OUT, and
-- SASTLS_FIX_EXPECT: "applied" (default) or "unverified" (no fix verifies).
-- Records the notifications, the confirm prompt (answered yes: what it asked, whether the diff buffer was
-- shown and the file on disk still unchanged at that moment), the diff buffers opened, and the file after.
local out = { notes = {}, buffers = {} }
local function finish()
  local f = io.open(os.getenv("SASTLS_OUT"), "w")
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd("qa!")
end
local function read(path)
  local f = io.open(path, "r")
  local text = f:read("*a")
  f:close()
  return text
end
local function diff_buffers()
  local found = {}
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(b) and vim.api.nvim_buf_get_option(b, "filetype") == "diff" then
      table.insert(found, {
        name = vim.api.nvim_buf_get_name(b),
        text = table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), "\n"),
      })
    end
  end
  return found
end
local ok, err = pcall(function()
  local expect = os.getenv("SASTLS_FIX_EXPECT") or "applied"
  vim.opt.runtimepath:prepend(os.getenv("SASTLS_PLUGIN"))
  vim.cmd("filetype on")
  local sastls = require("sastls")
  local fix = require("sastls.fix")
  sastls.setup({ cmd = vim.split(os.getenv("SASTLS_CMD"), " ", { trimempty = true }), progress = true })
  local file = os.getenv("SASTLS_FILE")
  local lnum = tonumber(os.getenv("SASTLS_LINE")) - 1
  local rule = os.getenv("SASTLS_RULE")
  local before = read(file)
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local function target()
    for _, d in ipairs(vim.diagnostic.get(0, { lnum = lnum })) do
      local data = d.user_data and d.user_data.lsp and d.user_data.lsp.data
      if data and data.rule_id == rule then
        return d
      end
    end
  end
  out.attached = vim.wait(15000, function() return sastls.client_id ~= nil end, 50)
  out.diagnostic = vim.wait(30000, function() return target() ~= nil end, 50)
  local diag = target()
  if not diag then return end
  vim.api.nvim_win_set_cursor(0, { lnum + 1, diag.col })

  -- The server never edits on its own (workspace/applyEdit): only the user's Apply writes the file.
  local apply_edit = vim.lsp.handlers["workspace/applyEdit"]
  vim.lsp.handlers["workspace/applyEdit"] = function(...)
    out.server_edits = (out.server_edits or 0) + 1
    return apply_edit(...)
  end
  local notify = vim.notify
  vim.notify = function(msg, level)
    table.insert(out.notes, msg)
    return notify(msg, level)
  end
  fix.ask = function(message)
    out.asked = message
    out.unchanged_when_asked = read(file) == before
    local shown = diff_buffers()
    if #shown > 0 then out.diff_shown = shown[#shown].text end
    return true
  end
  local titles = {}
  vim.ui.select = function(items, _opts, on_choice)
    for i, item in ipairs(items) do
      local action = item.action or item[2]
      table.insert(titles, action.title)
      if action.title:find("Fix (verified)", 1, true) then
        out.picked = action.title
        return on_choice(item, i)
      end
    end
    on_choice(nil, nil)
  end
  local context = { diagnostics = { diag.user_data.lsp } }
  if vim.fn.has("nvim-0.8") == 1 then
    vim.lsp.buf.code_action({ context = context })
  else
    vim.lsp.buf.code_action(context)
  end
  out.actions = titles
  if expect == "unverified" then
    local function told()
      for _, n in ipairs(out.notes) do
        if n:find("no verified fix", 1, true) then return n end
      end
    end
    out.told = vim.wait(240000, function() return told() ~= nil end, 100) and told() or nil
    out.buffers = diff_buffers()
    out.unchanged = read(file) == before
    out.still_reported = target() ~= nil
  else
    out.changed = vim.wait(120000, function() return read(file) ~= before end, 100)
    out.after = read(file)
    out.gone = vim.wait(60000, function() return target() == nil end, 100)
  end
end)
if not ok then out.error = tostring(err) end
finish()
