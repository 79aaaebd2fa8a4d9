-- yazi: PDFs previewed by folio. Copy this folder to ~/.config/yazi/plugins/folio.yazi and add
-- yazi.toml's [plugin] lines to ~/.config/yazi/yazi.toml. J and K in yazi (seek) turn pages.
local M = {}

function M:peek(job)
	local page = job.skip + 1
	local output, err = Command("folio")
		:arg({
			"--preview", tostring(job.file.path), tostring(job.area.w), tostring(job.area.h),
			"--page", tostring(page),
		})
		:stdout(Command.PIPED)
		:stderr(Command.PIPED)
		:output()
	if not output then
		return ya.preview_widget(job, ui.Text("Failed to start `folio`: " .. tostring(err)):area(job.area))
	end
	if not output.status.success then
		-- Seeking past the last page: show the last one ("it has N pages").
		local count = tonumber(output.stderr:match("it has (%d+) page"))
		if page > 1 and count and count < page then
			return ya.emit("peek", { math.max(0, count - 1), only_if = job.file.url, upper_bound = true })
		end
		return ya.preview_widget(job, ui.Text(output.stderr):area(job.area):wrap(ui.Wrap.YES))
	end
	ya.preview_widget(job, ui.Text.parse(output.stdout):area(job.area))
end

function M:seek(job)
	local hovered = cx.active.current.hovered
	if hovered and hovered.url == job.file.url then
		local step = ya.clamp(-1, job.units, 1)
		ya.emit("peek", { math.max(0, cx.active.preview.skip + step), only_if = job.file.url })
	end
end

return M
