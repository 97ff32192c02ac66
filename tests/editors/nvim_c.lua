-- A C developer in headless Neovim with the sastls plugin and default settings: open a C file, gcc's
-- findings arrive judged by the offline analyst, hover shows the verdicts, and an edit + :write rescans.
-- Env: SASTLS_PLUGIN, SASTLS_FILE, SASTLS_OUT, SASTLS_TP_LINE, SASTLS_FP_LINE (1-based), SASTLS_MOVE
-- ("FROM:TO": the 1-based line moved below line TO before the save). Writes what it saw; pytest asserts.
local out = {}
local ok, err = pcall(function()
  vim.opt.runtimepath:prepend(os.getenv("SASTLS_PLUGIN"))
  vim.cmd("filetype on")
  local sastls = require("sastls")
  sastls.setup({}) -- default settings: nothing but the plugin
  local tp, fp = tonumber(os.getenv("SASTLS_TP_LINE")) - 1, tonumber(os.getenv("SASTLS_FP_LINE")) - 1
  local function gcc_on(lnum) -- gcc's diagnostics on a 0-based line (every line: nil)
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(0, lnum and { lnum = lnum } or nil)) do
      if d.source == "gcc" then
        local lsp = d.user_data and d.user_data.lsp or {}
        table.insert(found, { line = d.lnum + 1, message = d.message, severity = d.severity, code = lsp.code })
      end
    end
    return found
  end
  local function judged(lnum)
    local found = gcc_on(lnum)
    return #found > 0 and found[1].message:sub(-1) == "]" and found or nil
  end
  local function hover(lnum)
    vim.api.nvim_win_set_cursor(0, { lnum + 1, 4 })
    local got = vim.lsp.buf_request_sync(0, "textDocument/hover", vim.lsp.util.make_position_params(), 10000)
    for _, res in pairs(got or {}) do
      if res.result and res.result.contents then return res.result.contents.value end
    end
  end

  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SASTLS_FILE")))
  out.filetype = vim.bo.filetype
  out.attached = vim.wait(15000, function() return sastls.client_id ~= nil end, 50)
  out.judged = vim.wait(90000, function() return judged(tp) ~= nil and judged(fp) ~= nil end, 100)
  out.tp, out.fp = gcc_on(tp), gcc_on(fp)
  out.hover_tp, out.hover_fp = hover(tp), hover(fp)

  -- the fix a developer would make: the line moved below another, then :write (didSave: gcc runs again)
  local from, to = os.getenv("SASTLS_MOVE"):match("(%d+):(%d+)")
  from, to = tonumber(from) - 1, tonumber(to) - 1
  local moved = vim.api.nvim_buf_get_lines(0, from, from + 1, false)
  vim.api.nvim_buf_set_lines(0, from, from + 1, false, {})
  vim.api.nvim_buf_set_lines(0, to, to, false, moved)
  local function codes() -- every gcc diagnostic of the buffer as "LINE CODE"
    local all = {}
    for _, d in ipairs(gcc_on(nil)) do table.insert(all, d.line .. " " .. tostring(d.code)) end
    table.sort(all)
    return table.concat(all, ", ")
  end
  out.before_save = codes() -- the edit alone moves the findings with their lines: gcc has not run yet
  vim.cmd("write")
  out.rescanned = vim.wait(90000, function() return not codes():find("use%-after%-free") end, 100)
  out.after_save = codes()
  out.fp_after = gcc_on(fp)
end)
if not ok then out.error = tostring(err) end
local f = io.open(os.getenv("SASTLS_OUT"), "w")
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd("qa!")
