class FilterModule:
    def filters(self):
        return {"rf": lambda v: "rf"}
