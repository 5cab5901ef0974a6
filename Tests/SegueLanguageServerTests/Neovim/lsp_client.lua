-- Drives `segue lsp` from a real Neovim (0.7 or later), headless: open a flow, break a name and see the
-- diagnostic, complete after `present: `, jump to a screen's definition, rename an event, break an invariant and see
-- the background exploration's finding arrive.
-- Environment: SEGUE_BIN (the segue binary), SEGUE_FLOW (a copy of flows/donate.yaml beside examples/), SEGUE_RESULT (a file the
-- steps are written to, one line each: `ok …` or `FAIL …`, then `done`).
local out = assert(io.open(os.getenv("SEGUE_RESULT"), "w"))
local function say(line) out:write(line .. "\n"); out:flush() end
local function finish(status)
  say(status == 0 and "done" or "aborted")
  out:close()
  vim.cmd(status == 0 and "qall!" or "cquit!")
end
local function check(condition, message)
  if not condition then say("FAIL " .. message); finish(1) end
  say("ok " .. message)
end

local function find(pattern)
  for index, text in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    local column = text:find(pattern, 1, true)
    if column then return index - 1, column - 1, text end
  end
  return nil
end

vim.cmd("edit " .. os.getenv("SEGUE_FLOW"))
local buf = vim.api.nvim_get_current_buf()
local ready = false
local client_id = vim.lsp.start_client({
  name = "segue",
  cmd = { os.getenv("SEGUE_BIN"), "lsp", "--debounce", "0.05", "--check-time", "60" },
  root_dir = vim.fn.fnamemodify(os.getenv("SEGUE_FLOW"), ":h"),
  on_init = function() ready = true end,
})
check(client_id ~= nil, "the client started `segue lsp`")
vim.lsp.buf_attach_client(buf, client_id)
check(vim.wait(20000, function() return ready end, 20), "the server answered initialize")
check(vim.wait(20000, function() return vim.lsp.buf_is_attached(buf, client_id) end, 20), "the buffer is attached")

-- 1. Break a name: the diagnostic appears where it is written.
local line, column, text = find("tap: { present: donate }")
check(line ~= nil, "donate.yaml has `tap: { present: donate }`")
vim.api.nvim_buf_set_lines(buf, line, line + 1, false, { (text:gsub("present: donate }", "present: donat }")) })
local found
vim.wait(20000, function()
  for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
    if diagnostic.message:find("unknown screen `donat`", 1, true) then found = diagnostic return true end
  end
  return false
end, 20)
check(found ~= nil, "diagnostic: " .. (found and found.message:gsub("\n.*", "") or "none"))
check(found.lnum == line and found.col == column + #"tap: { present: ", "the diagnostic is on `donat`")
vim.api.nvim_buf_set_lines(buf, line, line + 1, false, { text })
check(vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 20), "fixing it clears the diagnostic")

-- 2. Complete after `present: `.
local present_line, present_column = find("tap: { present: donate_form }")
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = present_line, character = present_column + #"tap: { present: " },
}
local responses = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, 10000) or {}
local labels = {}
for _, response in pairs(responses) do
  local items = response.result and (response.result.items or response.result) or {}
  for _, item in ipairs(items) do table.insert(labels, item.label) end
end
check(vim.tbl_contains(labels, "donate_form") and vim.tbl_contains(labels, "donate_all_post"),
  "completion after `present: ` offers " .. table.concat(labels, ","))

-- 3. Jump to a screen's definition through Neovim's own handler.
vim.api.nvim_win_set_cursor(0, { present_line + 1, present_column + #"tap: { present: " + 2 })
vim.lsp.buf.definition()
check(vim.wait(20000, function() return vim.api.nvim_get_current_line() == "  donate_form:" end, 20),
  "definition jumped to line " .. vim.api.nvim_win_get_cursor(0)[1] .. ": " .. vim.api.nvim_get_current_line())

-- 4. Rename an event: every send and its handler change.
local function count(word)
  local total = 0
  for _, each in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    for _ in each:gmatch(word) do total = total + 1 end
  end
  return total
end
local before = count("open_entry")
local send_line, send_column = find("send: open_entry")
vim.api.nvim_win_set_cursor(0, { send_line + 1, send_column + #"send: " + 1 })
vim.lsp.buf.rename("show_entry")
check(vim.wait(20000, function() return count("open_entry") == 0 end, 20), "rename left no `open_entry`")
check(count("show_entry") == before, "rename changed all " .. before .. " uses")
-- The edits may reach the server as several changes; once it settles, the renamed flow has no errors.
vim.wait(500)
check(vim.wait(20000, function()
  return #vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR }) == 0
end, 20), "the renamed flow has no errors")

-- 5. Break an invariant (a purchase breaks it, some steps from launch): the exploration's S001 arrives, with its run.
local invariant_line, _, invariant_text = find('holds: "!has_entry || purchased != null"')
check(invariant_line ~= nil, "donate.yaml has the invariant `entry_needs_purchase`")
vim.api.nvim_buf_set_lines(buf, invariant_line, invariant_line + 1, false,
  { (invariant_text:gsub('"!has_entry || purchased != null"', '"purchased == null"', 1)) })
local finding
vim.wait(90000, function()
  for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
    if diagnostic.code == "S001" then finding = diagnostic return true end
  end
  return false
end, 50)
check(finding ~= nil, "check finding: " .. (finding and finding.message or "none"))
check(finding.lnum == invariant_line, "the finding is on the invariant")
local related = finding.user_data and finding.user_data.lsp and finding.user_data.lsp.relatedInformation or {}
check(#related > 1 and related[2].message == "1. launch", "the finding carries its run (" .. #related .. " lines)")

vim.lsp.stop_client(client_id)
finish(0)
